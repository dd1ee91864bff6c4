package dev.fenced.example.bookshelf.orders;

/** Where an order is. */
public enum OrderStatus {
  /** Created, not paid. */
  NEW,
  /** Paid once; paying again is refused. */
  PAID
}
