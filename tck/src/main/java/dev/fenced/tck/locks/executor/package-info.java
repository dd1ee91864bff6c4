/** The deployment of {@code OnOneInstanceScheduledExecutorTest}. */
package dev.fenced.tck.locks.executor;
