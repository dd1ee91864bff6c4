package dev.fenced.tck.graphql.payments;

import org.eclipse.microprofile.graphql.GraphQLException;

/** The card was declined: a business error the mutation raises on purpose, stored and replayed. */
public class PaymentDeclined extends GraphQLException {

  private static final long serialVersionUID = 1L;

  /**
   * @param message what was declined
   */
  public PaymentDeclined(String message) {
    super(message);
  }
}
