package dev.fenced.example.bookshelf.orders;

/**
 * One line of a new order.
 *
 * @param bookId the book, e.g. {@code b1}
 * @param quantity how many copies, at least 1
 */
public record OrderItem(String bookId, int quantity) {}
