/**
 * The deployment of {@code IdempotentAsyncResourceTest} (and of the with-work variant of its
 * suspended response in {@code arquillian-tests}), and the client side of its requests.
 */
package dev.fenced.tck.idempotent.async;
