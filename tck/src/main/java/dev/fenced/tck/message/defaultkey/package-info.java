/**
 * The deployment of {@code IdempotentMessageDefaultKeyTest}: a message-driven bean without an
 * {@code @IdempotencyKey} parameter, keyed by its messages' default key.
 */
package dev.fenced.tck.message.defaultkey;
