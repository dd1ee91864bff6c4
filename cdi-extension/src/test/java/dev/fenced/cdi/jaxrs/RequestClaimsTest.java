package dev.fenced.cdi.jaxrs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.cdi.transaction.Transactions;
import dev.fenced.core.idempotency.Claim;
import dev.fenced.core.idempotency.Fingerprint;
import dev.fenced.core.idempotency.FingerprintCalculator;
import dev.fenced.core.idempotency.IdempotencyEngine;
import dev.fenced.core.idempotency.RecordKey;
import dev.fenced.core.memory.InMemoryIdempotencyStore;
import dev.fenced.core.time.ManualTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The fallback end of claims when no cleanup listener sees the request. */
class RequestClaimsTest {

  private static final Fingerprint FINGERPRINT =
      new FingerprintCalculator().ofCall("POST /orders", new byte[0]);

  private final ManualTime time = new ManualTime();
  private final IdempotencyEngine engine =
      new IdempotencyEngine(new InMemoryIdempotencyStore(time::nanoTime), time.clock(), time);
  private final RequestClaims claims = new RequestClaims();

  @Test
  void releases_a_claim_nothing_ended_when_the_request_ends() {
    claims.hold(claim("k-1"));

    claims.requestEnded();

    assertThat(time.pendingTasks()).isZero();
    assertThat(engine.claim(RecordKey.http("", "k-1"), FINGERPRINT, Models.LOCK_TTL))
        .isInstanceOf(Claim.Claimed.class);
  }

  @Test
  void leaves_a_stored_outcome_alone() {
    ClaimedRequest claimed = claim("k-2");
    claims.hold(claimed);
    claimed.store(new HttpOutcome(201, Map.of("location", List.of("/o/1")), new byte[0]));

    claims.requestEnded();

    assertThat(engine.claim(RecordKey.http("", "k-2"), FINGERPRINT, Models.LOCK_TTL))
        .isInstanceOf(Claim.Replay.class);
  }

  private ClaimedRequest claim(String key) {
    return new ClaimedRequest(
        Models.pay(),
        "POST /orders",
        key,
        ((Claim.Claimed) engine.claim(RecordKey.http("", key), FINGERPRINT, Models.LOCK_TTL))
            .execution(),
        Transactions.NONE);
  }
}
