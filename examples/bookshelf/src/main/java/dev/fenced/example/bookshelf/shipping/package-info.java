/** Shipping: the {@code order.paid} consumer, which ships each paid order once per event id. */
package dev.fenced.example.bookshelf.shipping;
