/**
 * Fenced's metrics through MicroProfile Telemetry 2 ({@code fenced-telemetry}): add this module to
 * an application on a server whose MicroProfile Telemetry provides the OpenTelemetry API. Where it
 * does not, the module records nothing and fails nothing. The names and attributes are in {@link
 * dev.fenced.telemetry.MetricNames} and the guide's page "Operating Fenced".
 */
package dev.fenced.telemetry;
