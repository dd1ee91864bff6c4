/** The deployment of {@code IdempotentRecordUnreadableTest}. */
package dev.fenced.tck.idempotent.unreadable;
