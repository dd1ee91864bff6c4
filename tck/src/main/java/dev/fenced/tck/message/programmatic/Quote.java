package dev.fenced.tck.message.programmatic;

/**
 * A result of programmatic work.
 *
 * @param id the key
 * @param run which run made it
 */
public record Quote(String id, int run) {}
