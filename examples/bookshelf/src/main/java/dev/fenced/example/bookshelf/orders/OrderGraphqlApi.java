package dev.fenced.example.bookshelf.orders;

import dev.fenced.example.bookshelf.BookshelfProblem;
import dev.fenced.example.bookshelf.GraphqlProblem;
import dev.fenced.idempotency.Idempotent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.graphql.Description;
import org.eclipse.microprofile.graphql.GraphQLApi;
import org.eclipse.microprofile.graphql.Mutation;
import org.eclipse.microprofile.graphql.Name;
import org.eclipse.microprofile.graphql.NonNull;
import org.eclipse.microprofile.graphql.Query;

/**
 * {@code /bookshelf/graphql}: pay an order, read its receipt; the same work as {@link
 * OrderResource}, through the same {@link Orders}.
 */
@GraphQLApi
@ApplicationScoped
public class OrderGraphqlApi {

  @Inject Orders orders;

  /**
   * Pays an order. The key is the {@code idempotencyKey} argument (a mutation with such an argument
   * does not read the {@code Idempotency-Key} header); without it the mutation is refused before it
   * runs. A repeat of a finished one gets the stored receipt (the card is not charged again), a
   * repeat while the first still runs the error {@code IDEMPOTENCY_KEY_IN_USE}, the key with
   * another order or payment {@code IDEMPOTENCY_KEY_REUSED}: GraphQL errors on the field, with HTTP
   * 200.
   *
   * @param orderId the order
   * @param idempotencyKey the key
   * @param payment how to pay
   * @return the receipt
   * @throws GraphqlProblem when the order is unknown or paid already, or the payment method is
   *     missing: stored and replayed like a receipt
   */
  @Mutation
  @Description("Pays an order once per idempotency key: a repeat gets the same receipt.")
  @Idempotent(required = true)
  public Receipt payOrder(
      @Name("orderId") @NonNull String orderId,
      @Name("idempotencyKey") String idempotencyKey,
      @Name("payment") @NonNull PaymentRequest payment)
      throws GraphqlProblem {
    try {
      return orders.pay(orderId, payment);
    } catch (BookshelfProblem problem) {
      throw GraphqlProblem.of(problem);
    }
  }

  /**
   * The receipt of a paid order.
   *
   * @param orderId the order
   * @return the receipt
   * @throws GraphqlProblem when the order is unknown or not paid
   */
  @Query
  @Description("The receipt of a paid order.")
  public Receipt receipt(@Name("orderId") @NonNull String orderId) throws GraphqlProblem {
    try {
      return orders.receipt(orderId);
    } catch (BookshelfProblem problem) {
      throw GraphqlProblem.of(problem);
    }
  }
}
