/** The application of {@code TelemetryMetricsIT}: a guarded job started over HTTP. */
package dev.fenced.arquillian.telemetry;
