package dev.fenced.tck.idempotent.written;

/**
 * A shipping label, written by {@link LabelWriter}.
 *
 * @param run the run that made it
 * @param printedAt a clock reading, different on every run
 */
public record Label(int run, long printedAt) {}
