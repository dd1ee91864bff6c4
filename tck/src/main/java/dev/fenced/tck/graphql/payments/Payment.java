package dev.fenced.tck.graphql.payments;

/** What a payment mutation answers: the order, the amount and which run of the method paid it. */
public class Payment {

  private String orderId;
  private int amount;
  private int run;

  /** For JSON-B and GraphQL. */
  public Payment() {}

  /**
   * A payment.
   *
   * @param orderId the order
   * @param amount the amount
   * @param run the run of the method that paid it, 1 for the first
   */
  public Payment(String orderId, int amount, int run) {
    this.orderId = orderId;
    this.amount = amount;
    this.run = run;
  }

  /**
   * @return the order
   */
  public String getOrderId() {
    return orderId;
  }

  /**
   * @param orderId the order
   */
  public void setOrderId(String orderId) {
    this.orderId = orderId;
  }

  /**
   * @return the amount
   */
  public int getAmount() {
    return amount;
  }

  /**
   * @param amount the amount
   */
  public void setAmount(int amount) {
    this.amount = amount;
  }

  /**
   * @return the run that paid it
   */
  public int getRun() {
    return run;
  }

  /**
   * @param run the run that paid it
   */
  public void setRun(int run) {
    this.run = run;
  }
}
