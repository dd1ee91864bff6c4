package dev.fenced.tck.idempotent.completionstage;

/**
 * A report a stage completes with.
 *
 * @param reportId the key it was built for
 * @param run the run that built it
 */
public record Report(String reportId, int run) {}
