package dev.fenced.example.bookshelf.orders;

import jakarta.json.bind.annotation.JsonbPropertyOrder;
import java.math.BigDecimal;
import java.time.Instant;

/**
 * The answer to paying an order.
 *
 * @param orderId the order
 * @param receiptId this payment's id
 * @param amount what was charged
 * @param paidAt when
 */
@JsonbPropertyOrder({"orderId", "receiptId", "amount", "paidAt"})
public record Receipt(String orderId, String receiptId, BigDecimal amount, Instant paidAt) {}
