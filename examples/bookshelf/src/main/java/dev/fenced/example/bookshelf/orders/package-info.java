/**
 * Orders: the catalogue, creating an order, paying it once (the idempotent REST endpoint and the
 * idempotent GraphQL mutation).
 */
package dev.fenced.example.bookshelf.orders;
