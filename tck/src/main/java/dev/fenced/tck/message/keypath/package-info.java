/** The deployment of {@code IdempotentMessageKeyPathTest}. */
package dev.fenced.tck.message.keypath;
