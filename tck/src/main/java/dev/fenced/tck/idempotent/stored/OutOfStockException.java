package dev.fenced.tck.idempotent.stored;

/** An application failure that {@link OutOfStockMapper} turns into a 409. */
public class OutOfStockException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** The run that failed. */
  final int run;

  /**
   * Creates the exception.
   *
   * @param run the run that failed
   */
  public OutOfStockException(int run) {
    super("out of stock on run " + run);
    this.run = run;
  }
}
