/** The deployment of {@code IdempotentKeySourceTest}: keys from a path or a query parameter. */
package dev.fenced.tck.idempotent.keysource;
