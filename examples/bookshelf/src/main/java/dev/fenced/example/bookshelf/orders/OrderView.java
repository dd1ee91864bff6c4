package dev.fenced.example.bookshelf.orders;

import jakarta.json.bind.annotation.JsonbPropertyOrder;
import java.math.BigDecimal;

/**
 * An order as the API shows it: {@code {"id": "1", "total": 25.00, "status": "NEW"}}.
 *
 * @param id the order's id
 * @param total what paying it charges
 * @param status new or paid
 */
@JsonbPropertyOrder({"id", "total", "status"})
public record OrderView(String id, BigDecimal total, OrderStatus status) {}
