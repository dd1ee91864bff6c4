/** The deployment of {@code OnOneInstanceTakeoverTest}. */
package dev.fenced.tck.locks.takeover;
