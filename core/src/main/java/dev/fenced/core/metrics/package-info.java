/**
 * The one hook Fenced's metrics need beyond its CDI events: every call the engines make to a store,
 * with its operation, what it answered and how long it took ({@link
 * dev.fenced.core.metrics.StoreCallListener}), reported by decorators around the stores ({@link
 * dev.fenced.core.metrics.ObservedStores}). Plain Java: {@code fenced-cdi} installs the decorators
 * only when the application has a listener bean, such as {@code fenced-telemetry}'s.
 */
package dev.fenced.core.metrics;
