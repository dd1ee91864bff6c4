/** The deployment of {@code IdempotencyContextTest}: methods that give up storing their outcome. */
package dev.fenced.tck.message.context;
