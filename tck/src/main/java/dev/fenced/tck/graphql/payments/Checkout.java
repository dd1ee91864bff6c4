package dev.fenced.tck.graphql.payments;

import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.deployed.Latches;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.graphql.GraphQLApi;
import org.eclipse.microprofile.graphql.Mutation;
import org.eclipse.microprofile.graphql.Name;
import org.eclipse.microprofile.graphql.Query;

/**
 * Payment mutations, each counting its runs under the test's tag: {@code pay} takes its key as the
 * {@code idempotencyKey} argument, {@code payByHeader} from the request's {@code Idempotency-Key}
 * header, {@code payWithKey} requires one; {@code payHeld} waits until the test releases it, {@code
 * payDeclined} refuses on purpose (a {@code GraphQLException}), {@code payCrashing} fails
 * unexpectedly on its first run. {@code runs} is a query.
 */
@GraphQLApi
@ApplicationScoped
public class Checkout {

  /** The longest a held mutation waits for the test. */
  static final long HOLD_MILLIS = 60_000;

  @Inject Invocations invocations;
  @Inject Latches latches;

  /**
   * Pays, keyed by its argument.
   *
   * @param orderId the order
   * @param amount the amount
   * @param tag the test's tag
   * @param idempotencyKey the key
   * @return the payment
   */
  @Mutation
  @Idempotent
  public Payment pay(
      @Name("orderId") String orderId,
      @Name("amount") int amount,
      @Name("tag") String tag,
      @Name("idempotencyKey") String idempotencyKey) {
    return new Payment(orderId, amount, invocations.increment(tag));
  }

  /**
   * Pays, keyed by the request header.
   *
   * @param orderId the order
   * @param amount the amount
   * @param tag the test's tag
   * @return the payment
   */
  @Mutation
  @Idempotent
  public Payment payByHeader(
      @Name("orderId") String orderId, @Name("amount") int amount, @Name("tag") String tag) {
    return new Payment(orderId, amount, invocations.increment(tag));
  }

  /**
   * Pays only with a key in the request header.
   *
   * @param orderId the order
   * @param tag the test's tag
   * @return the payment
   */
  @Mutation
  @Idempotent(required = true)
  public Payment payWithKey(@Name("orderId") String orderId, @Name("tag") String tag) {
    return new Payment(orderId, 1, invocations.increment(tag));
  }

  /**
   * Pays once the test releases it.
   *
   * @param orderId the order
   * @param tag the test's tag
   * @param idempotencyKey the key
   * @return the payment
   * @throws InterruptedException when interrupted
   */
  @Mutation
  @Idempotent
  public Payment payHeld(
      @Name("orderId") String orderId,
      @Name("tag") String tag,
      @Name("idempotencyKey") String idempotencyKey)
      throws InterruptedException {
    invocations.increment(tag + ":entered");
    latches.enter(tag);
    if (!latches.awaitRelease(tag, HOLD_MILLIS)) {
      throw new IllegalStateException("never released");
    }
    return new Payment(orderId, 1, invocations.increment(tag));
  }

  /**
   * Runs, then declines.
   *
   * @param orderId the order
   * @param tag the test's tag
   * @param idempotencyKey the key
   * @return never
   * @throws PaymentDeclined always, naming the run
   */
  @Mutation
  @Idempotent
  public Payment payDeclined(
      @Name("orderId") String orderId,
      @Name("tag") String tag,
      @Name("idempotencyKey") String idempotencyKey)
      throws PaymentDeclined {
    int run = invocations.increment(tag);
    throw new PaymentDeclined("card declined for " + orderId + " in run " + run);
  }

  /**
   * Fails unexpectedly on its first run, pays on the next.
   *
   * @param orderId the order
   * @param tag the test's tag
   * @param idempotencyKey the key
   * @return the payment
   */
  @Mutation
  @Idempotent
  public Payment payCrashing(
      @Name("orderId") String orderId,
      @Name("tag") String tag,
      @Name("idempotencyKey") String idempotencyKey) {
    int run = invocations.increment(tag);
    if (run == 1) {
      throw new IllegalStateException("the gateway timed out");
    }
    return new Payment(orderId, 1, run);
  }

  /**
   * How often a tag's mutations ran.
   *
   * @param tag the test's tag
   * @return the count
   */
  @Query
  public int runs(@Name("tag") String tag) {
    return invocations.count(tag);
  }
}
