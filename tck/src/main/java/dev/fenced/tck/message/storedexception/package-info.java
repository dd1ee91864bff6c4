/** The deployment of {@code IdempotentStoredExceptionTest}: methods that list {@code storeOn}. */
package dev.fenced.tck.message.storedexception;
