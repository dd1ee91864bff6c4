/**
 * In-memory stores for both SPIs: thread-safe, on an injectable monotonic clock, bounded by their
 * live entries. For one instance in development and for tests; a cluster needs a shared store.
 */
package dev.fenced.core.memory;
