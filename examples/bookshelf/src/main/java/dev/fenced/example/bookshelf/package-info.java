/**
 * Bookshelf, Fenced's demo: a bookshop API whose payment endpoint and GraphQL payment mutation are
 * idempotent, whose invoice export runs on one instance, whose warehouse feed has one leader and
 * whose shipping consumer ships each paid order once. Start it with the command at the top of the
 * repository's README.
 */
package dev.fenced.example.bookshelf;
