/** The deployment of {@code IdempotentFirstRequestTest}. */
package dev.fenced.tck.idempotent.first;
