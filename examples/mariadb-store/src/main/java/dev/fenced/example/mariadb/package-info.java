/**
 * A Fenced store on MariaDB, written as an outside vendor would, against {@code fenced-api} only:
 * {@link dev.fenced.example.mariadb.MariaDbIdempotencyStore} and {@link
 * dev.fenced.example.mariadb.MariaDbLockStore} over plain JDBC, each method one SQL statement (but
 * {@code forceRelease}, one short transaction); in a server, {@link
 * dev.fenced.example.mariadb.MariaDbStoreBean}, the one bean named {@code mariadb} implementing
 * both, on a pool of its own built from MicroProfile Config. Both stores also implement the
 * optional administration SPIs ({@code IdempotencyRecordAdministration}, {@code
 * LockAdministration}), so {@code FencedAdmin} works on them. The tables: {@link
 * dev.fenced.example.mariadb.MariaDbTables}.
 */
package dev.fenced.example.mariadb;
