/** The deployment of {@code FencedMetricsTest}: an idempotent resource and a guarded job. */
package dev.fenced.tck.metrics.exported;
