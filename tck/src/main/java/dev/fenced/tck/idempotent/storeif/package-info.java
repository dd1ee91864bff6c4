/** The deployment of {@code IdempotentStoreIfTest}. */
package dev.fenced.tck.idempotent.storeif;
