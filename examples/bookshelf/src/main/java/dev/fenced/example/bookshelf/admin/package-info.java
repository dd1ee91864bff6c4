/** {@code /api/admin}: what the demo shows: charges, shipments, export runs, the leader. */
package dev.fenced.example.bookshelf.admin;
