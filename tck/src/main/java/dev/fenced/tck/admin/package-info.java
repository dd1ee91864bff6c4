/**
 * {@code FencedAdmin}: records and locks as the store holds them, purge, force-release and the
 * current leader, on the run's store.
 */
package dev.fenced.tck.admin;
