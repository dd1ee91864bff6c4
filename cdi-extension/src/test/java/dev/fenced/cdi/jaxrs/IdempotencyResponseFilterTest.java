package dev.fenced.cdi.jaxrs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.cdi.transaction.Transactions;
import dev.fenced.core.idempotency.Claim;
import dev.fenced.core.idempotency.Fingerprint;
import dev.fenced.core.idempotency.FingerprintCalculator;
import dev.fenced.core.idempotency.IdempotencyEngine;
import dev.fenced.core.idempotency.RecordKey;
import dev.fenced.core.idempotency.StoragePolicy;
import dev.fenced.core.memory.InMemoryIdempotencyStore;
import dev.fenced.core.time.ManualTime;
import dev.fenced.idempotency.StoreIf;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.core.MultivaluedHashMap;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the response filter does with a claim: store, release, and never leave it running. */
class IdempotencyResponseFilterTest {

  private static final RecordKey KEY = RecordKey.http("", "k-1");
  private static final Fingerprint FINGERPRINT =
      new FingerprintCalculator().ofCall("DELETE /orders/7", new byte[0]);

  private final ManualTime time = new ManualTime();
  private final IdempotencyEngine engine =
      new IdempotencyEngine(new InMemoryIdempotencyStore(time::nanoTime), time.clock(), time);
  private final IdempotencyResponseFilter filter =
      new IdempotencyResponseFilter(StoragePolicy.of(StoreIf.NOT_SERVER_ERROR));
  private final Map<String, Object> properties = new HashMap<>();

  @Test
  void releases_the_key_when_a_later_request_filter_aborted_before_the_method_ran() {
    claim();

    filter.filter(request(), response(403));

    assertThat(repeat()).isInstanceOf(Claim.Claimed.class);
  }

  @Test
  void stores_a_4xx_the_method_answered_after_every_filter_passed() {
    claim().passFilters();

    filter.filter(request(), response(403));

    assertThat(repeat()).isInstanceOf(Claim.Replay.class);
  }

  @Test
  void releases_the_key_of_a_response_fault_tolerance_made_up_instead_of_the_method() {
    ClaimedRequest claimed = claim();
    claimed.passFilters();
    claimed.refuseStorage();

    filter.filter(request(), response(200));

    assertThat(repeat()).isInstanceOf(Claim.Claimed.class);
  }

  @Test
  void releases_a_5xx_the_policy_does_not_store() {
    claim().passFilters();

    filter.filter(request(), response(502));

    assertThat(repeat()).isInstanceOf(Claim.Claimed.class);
  }

  @Test
  void releases_the_key_of_a_response_whose_method_gave_up_storing_it() {
    ClaimedRequest claimed = claim();
    claimed.passFilters();
    claimed.doNotStore();

    filter.filter(request(), response(200));

    assertThat(claimed.storingGivenUp()).isTrue();
    assertThat(repeat()).isInstanceOf(Claim.Claimed.class);
  }

  @Test
  void stores_a_5xx_made_from_an_exception_the_method_chose_to_store() {
    ClaimedRequest claimed = claim();
    claimed.passFilters();
    claimed.chooseException();

    filter.filter(request(), response(502));

    assertThat(repeat()).isInstanceOf(Claim.Replay.class);
  }

  @Test
  void releases_the_key_when_deciding_fails() {
    ClaimedRequest claimed = claim();
    claimed.passFilters();
    ContainerResponseContext broken =
        Stub.of(ContainerResponseContext.class)
            .on(
                "getStatus",
                args -> {
                  throw new IllegalStateException("broken response");
                })
            .build();

    assertThatThrownBy(() -> filter.filter(request(), broken)).hasMessage("broken response");
    assertThat(time.pendingTasks()).isZero();
    assertThat(repeat()).isInstanceOf(Claim.Claimed.class);
  }

  private ClaimedRequest claim() {
    ClaimedRequest claimed =
        new ClaimedRequest(
            Models.pay(),
            "DELETE /orders/7",
            "k-1",
            ((Claim.Claimed) engine.claim(KEY, FINGERPRINT, Models.LOCK_TTL)).execution(),
            Transactions.NONE);
    properties.put(ClaimedRequest.PROPERTY, claimed);
    return claimed;
  }

  private Claim repeat() {
    return engine.claim(KEY, FINGERPRINT, Models.LOCK_TTL);
  }

  private ContainerRequestContext request() {
    return Stub.of(ContainerRequestContext.class)
        .on("getProperty", args -> properties.get((String) args[0]))
        .build();
  }

  private static ContainerResponseContext response(int status) {
    return Stub.of(ContainerResponseContext.class)
        .on("getStatus", args -> status)
        .on("hasEntity", args -> false)
        .on("getMediaType", args -> null)
        .on("getStringHeaders", args -> new MultivaluedHashMap<String, String>())
        .build();
  }
}
