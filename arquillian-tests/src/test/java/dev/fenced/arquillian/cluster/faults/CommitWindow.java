package dev.fenced.arquillian.cluster.faults;

import java.util.Optional;
import java.util.Set;

/**
 * What a crash right after a guarded call's commit, before its outcome is recorded, leaves to the
 * retry: the window of {@code docs/guide/guarantees.md} open (the claim stays in flight; after its
 * {@code lockTtl} the retry runs the call again) or closed (the outcome became final with the
 * work's commit; the retry gets it at once) or closed by a commit mark (the retry learns that the
 * work committed and its outcome is lost). It depends on the store, on the commit mode ({@code
 * fenced.idempotency.commit}) and on the kind of call: {@link #CLOSED_FOR} and {@link #MARKED_FOR}
 * list where it is closed, and it is open everywhere else.
 */
enum CommitWindow {
  /** The retry gets 409 while the claim lives, then runs the call again: two runs. */
  OPEN,
  /** The retry gets the stored outcome at once: one run. */
  CLOSED,
  /**
   * Closed by a commit mark (a JAX-RS response is written after the commit): the retry gets 409
   * with {@code Retry-After} while the claim's lock lives, then 409 {@code
   * IDEMPOTENCY_OUTCOME_LOST} without it: one run, and no outcome to replay.
   */
  MARKED;

  /**
   * The system property with the run's commit mode, which the deployment's {@code
   * fenced.idempotency.commit} is set to (unset or blank: the product's default, {@code
   * after-work}).
   */
  static final String COMMIT = "fenced.faults.idempotency-commit";

  /** {@code <store> <commit mode> <kind>} where the window is closed by the outcome. */
  private static final Set<String> CLOSED_FOR =
      Set.of(
          "jpa with-work ejb", // the final record is written in the EJB's transaction
          "jpa with-work cdi" // and in the @Transactional method's
          );

  /** {@code <store> <commit mode> <kind>} where the window is closed by a commit mark. */
  private static final Set<String> MARKED_FOR =
      Set.of("jpa with-work jax-rs"); // the resource method's transaction writes the mark

  /**
   * The window the run's store and commit mode leave for {@code kind}.
   *
   * @param kind the kind of call
   * @return the expected window
   */
  static CommitWindow expected(CallKind kind) {
    String store = System.getProperty("fenced.tck.store", "?");
    String setUp = store + " " + commitMode().orElse("after-work") + " " + kind.id();
    if (CLOSED_FOR.contains(setUp)) {
      return CLOSED;
    }
    return MARKED_FOR.contains(setUp) ? MARKED : OPEN;
  }

  /**
   * The commit mode the run deploys with, if it sets one.
   *
   * @return the value of {@value #COMMIT}
   */
  static Optional<String> commitMode() {
    return Optional.ofNullable(System.getProperty(COMMIT)).filter(v -> !v.isBlank());
  }
}
