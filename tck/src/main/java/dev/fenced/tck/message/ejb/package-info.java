/** The deployment of {@code IdempotentEjbTest}. */
package dev.fenced.tck.message.ejb;
