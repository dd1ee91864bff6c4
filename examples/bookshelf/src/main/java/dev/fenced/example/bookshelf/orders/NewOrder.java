package dev.fenced.example.bookshelf.orders;

import java.util.List;

/**
 * The body of {@code POST /api/orders}: {@code {"items": [{"bookId": "b1", "quantity": 1}]}}.
 *
 * @param items the lines, at least one
 */
public record NewOrder(List<OrderItem> items) {}
