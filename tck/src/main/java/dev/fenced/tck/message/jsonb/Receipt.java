package dev.fenced.tck.message.jsonb;

import java.util.Objects;

/**
 * A value with private fields and no accessors: JSON-B's defaults see none of them, so only the
 * application's configuration ({@link FieldVisibleJsonb}) can store it faithfully.
 */
public class Receipt {

  private String number;
  private int run;

  /** For JSON-B. */
  public Receipt() {}

  /**
   * Creates a receipt.
   *
   * @param number the receipt number
   * @param run the run that issued it
   */
  public Receipt(String number, int run) {
    this.number = number;
    this.run = run;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Receipt receipt
        && Objects.equals(number, receipt.number)
        && run == receipt.run;
  }

  @Override
  public int hashCode() {
    return Objects.hash(number, run);
  }

  @Override
  public String toString() {
    return "Receipt[" + number + ", run " + run + "]";
  }
}
