package dev.fenced.example.bookshelf;

import jakarta.ws.rs.core.Response.Status;

/**
 * A request the application refuses, answered as RFC 9457 problem details by {@link
 * BookshelfProblemMapper}. Its 4xx answer is what Fenced stores and replays for the request's key.
 */
public class BookshelfProblem extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final Status status;
  private final String code;
  private final String title;

  /**
   * Creates a problem.
   *
   * @param status the HTTP status
   * @param code the stable code, e.g. {@code ORDER_ALREADY_PAID}
   * @param title a short summary that does not change between occurrences
   * @param detail what happened and what to do
   */
  public BookshelfProblem(Status status, String code, String title, String detail) {
    super(detail);
    this.status = status;
    this.code = code;
    this.title = title;
  }

  /**
   * The HTTP status.
   *
   * @return the status
   */
  public Status status() {
    return status;
  }

  /**
   * The stable code.
   *
   * @return the code
   */
  public String code() {
    return code;
  }

  /**
   * The short summary.
   *
   * @return the title
   */
  public String title() {
    return title;
  }
}
