package dev.fenced.tck.graphql.refunds;

import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.graphql.GraphQLApi;
import org.eclipse.microprofile.graphql.Mutation;
import org.eclipse.microprofile.graphql.Name;
import org.eclipse.microprofile.graphql.Query;

/**
 * {@code @Idempotent} on the class: it guards the mutation {@code refund} and passes the query
 * {@code refundsSeen} by, which counts every run under {@code <tag>:query}.
 */
@GraphQLApi
@ApplicationScoped
@Idempotent
public class Refunds {

  @Inject Invocations invocations;

  /**
   * Refunds, keyed by its argument.
   *
   * @param orderId the order
   * @param tag the test's tag
   * @param idempotencyKey the key
   * @return the run that refunded
   */
  @Mutation
  public int refund(
      @Name("orderId") String orderId,
      @Name("tag") String tag,
      @Name("idempotencyKey") String idempotencyKey) {
    return invocations.increment(tag);
  }

  /**
   * Counts its own runs.
   *
   * @param tag the test's tag
   * @param idempotencyKey a key, which a query ignores
   * @return how often it ran for the tag
   */
  @Query
  public int refundsSeen(@Name("tag") String tag, @Name("idempotencyKey") String idempotencyKey) {
    return invocations.increment(tag + ":query");
  }
}
