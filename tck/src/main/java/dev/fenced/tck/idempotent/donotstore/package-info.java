/** The deployment of {@code IdempotentDoNotStoreTest}: a resource that gives up storing. */
package dev.fenced.tck.idempotent.donotstore;
