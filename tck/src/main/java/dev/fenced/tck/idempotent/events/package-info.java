/** The deployment of {@code IdempotentEventsTest}. */
package dev.fenced.tck.idempotent.events;
