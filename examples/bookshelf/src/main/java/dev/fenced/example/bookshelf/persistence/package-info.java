/**
 * What the PostgreSQL store needs in this application: the persistence unit's factory as a named
 * bean, and Fenced's tables.
 */
package dev.fenced.example.bookshelf.persistence;
