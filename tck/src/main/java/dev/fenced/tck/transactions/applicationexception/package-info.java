/** The deployment of {@code IdempotentApplicationExceptionTest}. */
package dev.fenced.tck.transactions.applicationexception;
