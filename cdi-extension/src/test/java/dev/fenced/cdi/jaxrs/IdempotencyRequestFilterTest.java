package dev.fenced.cdi.jaxrs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.cdi.config.ProblemTypeBase;
import dev.fenced.cdi.model.KeySource;
import dev.fenced.cdi.transaction.Transactions;
import dev.fenced.core.idempotency.Claim;
import dev.fenced.core.idempotency.FingerprintCalculator;
import dev.fenced.core.idempotency.IdempotencyEngine;
import dev.fenced.core.idempotency.RecordKey;
import dev.fenced.core.memory.InMemoryIdempotencyStore;
import dev.fenced.core.time.ManualTime;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.UriInfo;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Who ends a claim the request filter made. */
class IdempotencyRequestFilterTest {

  private static final byte[] BODY = "{\"a\":1}".getBytes(StandardCharsets.UTF_8);

  private final ManualTime time = new ManualTime();
  private final IdempotencyEngine engine =
      new IdempotencyEngine(new InMemoryIdempotencyStore(time::nanoTime), time.clock(), time);
  private final Map<String, Object> properties = new HashMap<>();
  private final List<ClaimedRequest> orphans = new ArrayList<>();
  private final List<ClaimedRequest> handedOver = new ArrayList<>();
  private final IdempotencyRequestFilter filter =
      new IdempotencyRequestFilter(
          new RequestGate(new RecordingRuntime(engine), Models.pay(), Transactions.NONE, 1 << 20),
          KeySource.header("Idempotency-Key"),
          (claimed, endedElsewhere) -> {
            handedOver.add(claimed);
            if (!endedElsewhere) {
              orphans.add(claimed);
            }
          },
          new ProblemDetails(ProblemTypeBase.DEFAULT));
  private InputStream entity = new ByteArrayInputStream(BODY);

  @Test
  void hands_a_claim_to_the_fallback_when_the_cleanup_listener_did_not_see_the_request()
      throws IOException {
    filter.filter(request(false));

    assertThat(orphans).containsExactly((ClaimedRequest) properties.get(ClaimedRequest.PROPERTY));
  }

  @Test
  void leaves_a_claim_to_the_cleanup_listener_that_saw_the_request_begin() throws IOException {
    filter.filter(request(true));

    assertThat(properties.get(ClaimedRequest.PROPERTY)).isInstanceOf(ClaimedRequest.class);
    assertThat(orphans).isEmpty();
  }

  @Test
  void hands_every_claim_over_as_the_request_s_for_the_resource_method_s_interceptor()
      throws IOException {
    filter.filter(request(true));

    assertThat(handedOver)
        .containsExactly((ClaimedRequest) properties.get(ClaimedRequest.PROPERTY));
  }

  @Test
  void ends_the_claim_when_keeping_it_in_the_request_fails() {
    ContainerRequestContext request =
        stub(true)
            .on(
                "setProperty",
                args -> {
                  throw new IllegalStateException("no attributes");
                })
            .build();

    assertThatThrownBy(() -> filter.filter(request)).hasMessage("no attributes");
    assertThat(time.pendingTasks()).isZero();
    assertThat(
            engine.claim(
                RecordKey.http("", "k-1"),
                new FingerprintCalculator()
                    .ofRequest("", "POST", "/orders", "application/json", BODY),
                Models.LOCK_TTL))
        .isInstanceOf(Claim.Claimed.class);
  }

  @Test
  void gives_the_method_the_body_it_read() throws IOException {
    filter.filter(request(true));

    assertThat(entity.readAllBytes()).isEqualTo(BODY);
  }

  private ContainerRequestContext request(boolean listenerSawIt) {
    return stub(listenerSawIt).build();
  }

  private Stub<ContainerRequestContext> stub(boolean listenerSawIt) {
    if (listenerSawIt) {
      properties.put(ClaimCleanupListener.ACTIVE, Boolean.TRUE);
    }
    MultivaluedHashMap<String, String> headers = new MultivaluedHashMap<>();
    headers.putSingle("Idempotency-Key", "k-1");
    headers.putSingle("Content-Type", "application/json");
    UriInfo uri =
        Stub.of(UriInfo.class)
            .on("getPath", args -> "orders")
            .on("getRequestUri", args -> URI.create("http://localhost/api/orders"))
            .build();
    return Stub.of(ContainerRequestContext.class)
        .on("getUriInfo", args -> uri)
        .on("getSecurityContext", args -> null)
        .on("getMethod", args -> "POST")
        .on("getHeaders", args -> headers)
        .on("getHeaderString", args -> headers.getFirst((String) args[0]))
        .on("getEntityStream", args -> entity)
        .on(
            "setEntityStream",
            args -> {
              entity = (InputStream) args[0];
              return null;
            })
        .on("getLength", args -> BODY.length)
        .on("getProperty", args -> properties.get((String) args[0]))
        .on(
            "setProperty",
            args -> {
              properties.put((String) args[0], args[1]);
              return null;
            });
  }
}
