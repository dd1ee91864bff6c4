package dev.fenced.example.bookshelf.admin;

/**
 * A counter: {@code {"count": 1}}.
 *
 * @param count the value
 */
public record Count(long count) {}
