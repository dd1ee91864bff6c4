/**
 * What the PostgreSQL store needs in this application besides {@code fenced.jpa.datasource}:
 * Fenced's tables.
 */
package dev.fenced.example.bookshelf.persistence;
