package dev.fenced.cdi.jaxrs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.ErrorCode;
import dev.fenced.cdi.transaction.Transactions;
import dev.fenced.core.idempotency.Claim;
import dev.fenced.core.idempotency.FingerprintCalculator;
import dev.fenced.core.idempotency.IdempotencyEngine;
import dev.fenced.core.idempotency.RecordKey;
import dev.fenced.core.memory.InMemoryIdempotencyStore;
import dev.fenced.core.time.ManualTime;
import dev.fenced.idempotency.IdempotencyKeyResolver;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code keyFrom = "bean:<name>"} at the gate: the key an application's resolver computes. */
class RequestGateKeyResolverTest {

  private static final long LIMIT = 1 << 20;
  private static final String TARGET = "POST /orders/7/pay";

  private final ManualTime time = new ManualTime();
  private final InMemoryIdempotencyStore memory = new InMemoryIdempotencyStore(time::nanoTime);
  private final RecordingRuntime runtime =
      new RecordingRuntime(new IdempotencyEngine(memory, time.clock(), time));

  /** {@code order:<orderId>:<attempt>} from the JSON body, none when a field is missing. */
  private static final IdempotencyKeyResolver ORDER_ATTEMPT =
      request -> {
        JsonObject body = Json.createReader(new ByteArrayInputStream(request.body())).readObject();
        if (!body.containsKey("orderId") || !body.containsKey("attempt")) {
          return null;
        }
        return "order:" + body.getString("orderId") + ":" + body.getInt("attempt");
      };

  @Test
  void a_key_computed_from_two_body_fields_belongs_to_the_method_and_replays_a_repeat()
      throws IOException {
    runtime.keyResolver = ORDER_ATTEMPT;
    String body = "{\"orderId\":\"o-7\",\"attempt\":2}";
    ((Decision.Proceed) gate(false).decide(request(body)))
        .claimed()
        .store(new HttpOutcome(201, Map.of(), new byte[0]));

    Decision repeat = gate(false).decide(request(body));

    assertThat(repeat).isInstanceOf(Decision.Replay.class);
    assertThat(runtime.events).containsExactly("replayed " + TARGET + " order:o-7:2");
    assertThat(memory.size()).isEqualTo(1);
    assertThat(
            runtime
                .engine()
                .claim(
                    RecordKey.method("", "order:o-7:2", "com.example.Orders", "pay"),
                    new FingerprintCalculator()
                        .ofRequest("", "POST", "/orders/7/pay", "application/json", bytes(body)),
                    Models.LOCK_TTL))
        .as("the record is the method's")
        .isInstanceOf(Claim.Replay.class);
  }

  @Test
  void another_attempt_of_the_order_is_another_key_and_runs() throws IOException {
    runtime.keyResolver = ORDER_ATTEMPT;
    ((Decision.Proceed) gate(false).decide(request("{\"orderId\":\"o-7\",\"attempt\":1}")))
        .claimed()
        .store(new HttpOutcome(201, Map.of(), new byte[0]));

    assertThat(gate(false).decide(request("{\"orderId\":\"o-7\",\"attempt\":2}")))
        .isInstanceOf(Decision.Proceed.class);
  }

  @Test
  void no_key_from_the_resolver_is_refused_with_400_when_a_key_is_required() throws IOException {
    runtime.keyResolver = ORDER_ATTEMPT;

    Decision decision = gate(true).decide(request("{\"orderId\":\"o-7\"}"));

    assertThat(decision).isInstanceOf(Decision.Refused.class);
    Decision.Refused refused = (Decision.Refused) decision;
    assertThat(refused.code()).isEqualTo(ErrorCode.IDEMPOTENCY_KEY_REQUIRED);
    assertThat(refused.detail()).contains("orderKeys key resolver bean found none");
    assertThat(memory.size()).isZero();
  }

  @Test
  void an_empty_key_from_the_resolver_runs_unguarded_when_none_is_required() throws IOException {
    runtime.keyResolver = request -> "";

    assertThat(gate(false).decide(request("{}"))).isInstanceOf(Decision.Unguarded.class);
    assertThat(memory.size()).isZero();
  }

  @Test
  void an_invalid_resolved_key_is_refused_with_400_without_claiming() throws IOException {
    runtime.keyResolver = request -> "order\n7";

    Decision decision = gate(false).decide(request("{}"));

    assertThat(((Decision.Refused) decision).code()).isEqualTo(ErrorCode.IDEMPOTENCY_KEY_INVALID);
    assertThat(((Decision.Refused) decision).detail()).contains("computed is invalid");
    assertThat(memory.size()).isZero();
  }

  @Test
  void a_resolver_that_throws_gets_500_key_unresolvable_and_nothing_is_claimed()
      throws IOException {
    runtime.keyResolver =
        request -> {
          throw new IllegalStateException("resolver bug");
        };

    Decision decision = gate(false).decide(request("{}"));

    assertThat(decision).isInstanceOf(Decision.Refused.class);
    Decision.Refused refused = (Decision.Refused) decision;
    assertThat(refused.code()).isEqualTo(ErrorCode.IDEMPOTENCY_KEY_UNRESOLVABLE);
    assertThat(refused.code().httpStatus()).isEqualTo(500);
    assertThat(refused.detail()).doesNotContain("resolver bug");
    assertThat(memory.size()).isZero();
    assertThat(runtime.events)
        .containsExactly("rejected " + TARGET + " null IDEMPOTENCY_KEY_UNRESOLVABLE");
  }

  @Test
  void the_resolver_reads_the_method_path_values_media_type_and_a_copy_of_the_body()
      throws IOException {
    List<String> seen = new ArrayList<>();
    runtime.keyResolver =
        request -> {
          seen.add(request.method());
          seen.add(request.path());
          seen.add(request.header("X-Tenant"));
          seen.add(request.queryParameter("attempt"));
          seen.add(request.pathParameter("orderId"));
          seen.add(request.mediaType());
          request.body()[0] = 'X';
          seen.add(new String(request.body(), StandardCharsets.UTF_8));
          return "k-1";
        };
    RequestValues values =
        new RequestValues() {
          @Override
          public String header(String name) {
            return name.equalsIgnoreCase("x-tenant") ? "acme" : null;
          }

          @Override
          public String queryParameter(String name) {
            return name.equals("attempt") ? "3" : null;
          }

          @Override
          public String pathParameter(String name) {
            return name.equals("orderId") ? "7" : null;
          }
        };

    gate(false)
        .decide(
            new IncomingRequest(
                "POST",
                "/orders/7/pay",
                "attempt=3",
                List.of(),
                null,
                "application/json",
                max -> bytes("{}"),
                ContentCodings.IDENTITY,
                AcceptEncoding.ANY,
                values));

    assertThat(seen)
        .containsExactly("POST", "/orders/7/pay", "acme", "3", "7", "application/json", "{}");
  }

  private RequestGate gate(boolean required) {
    return new RequestGate(runtime, Models.payResolved(required), Transactions.NONE, LIMIT);
  }

  private static IncomingRequest request(String body) {
    return new IncomingRequest(
        "POST", "/orders/7/pay", null, List.of(), null, "application/json", max -> bytes(body));
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
