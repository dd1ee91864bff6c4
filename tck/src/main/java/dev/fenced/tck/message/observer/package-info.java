/** The deployment of {@code IdempotentObserverTest}. */
package dev.fenced.tck.message.observer;
