/** Orders: the catalogue, creating an order, paying it once (the idempotent endpoint). */
package dev.fenced.example.bookshelf.orders;
