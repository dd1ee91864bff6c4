package dev.fenced.tck.message.mdb;

/**
 * The deployment's queues, each defined by its listener ({@code @JMSDestinationDefinition} counts
 * only on a component class on Open Liberty).
 */
public final class Queues {

  /** Where payments are sent; {@link PaymentListener} takes its key from a message property. */
  public static final String PAYMENTS = "java:app/jms/FencedTckPayments";

  /** Where refunds are sent; {@link RefundListener} takes its key from the message id. */
  public static final String REFUNDS = "java:app/jms/FencedTckRefunds";

  /** Where statements are sent; {@link StatementListener} runs under a run lock. */
  public static final String STATEMENTS = "java:app/jms/FencedTckStatements";

  /** The message property holding a payment's key. */
  public static final String PAYMENT_ID = "paymentId";

  /** The string property naming the test's counter. */
  public static final String TAG = "tag";

  private Queues() {}
}
