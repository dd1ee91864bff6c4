/** The deployment of {@code OnOneInstanceScheduleTest}. */
package dev.fenced.tck.locks.schedule;
