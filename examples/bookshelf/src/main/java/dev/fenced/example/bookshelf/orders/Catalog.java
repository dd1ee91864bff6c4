package dev.fenced.example.bookshelf.orders;

import dev.fenced.example.bookshelf.BookshelfProblem;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.Response.Status;
import java.math.BigDecimal;
import java.util.Map;

/** The books for sale and their prices: {@code b1}, {@code b2}, {@code b3}. */
@ApplicationScoped
public class Catalog {

  private static final Map<String, BigDecimal> PRICES =
      Map.of(
          "b1", new BigDecimal("12.50"),
          "b2", new BigDecimal("30.00"),
          "b3", new BigDecimal("7.25"));

  /**
   * The price of one copy.
   *
   * @param bookId the book
   * @return its price
   * @throws BookshelfProblem 400 {@code UNKNOWN_BOOK} when the catalogue has no such book
   */
  public BigDecimal price(String bookId) {
    BigDecimal price = bookId == null ? null : PRICES.get(bookId);
    if (price == null) {
      throw new BookshelfProblem(
          Status.BAD_REQUEST,
          "UNKNOWN_BOOK",
          "Unknown book",
          "The catalogue has no book '" + bookId + "': order b1, b2 or b3.");
    }
    return price;
  }
}
