/**
 * Behaviour tests of Fenced's metrics ({@code fenced-telemetry}) as the server's MicroProfile
 * Telemetry exports them, on the store the run selects.
 */
package dev.fenced.tck.metrics;
