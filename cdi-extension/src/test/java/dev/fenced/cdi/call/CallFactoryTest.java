package dev.fenced.cdi.call;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.cdi.boot.IdempotentMethodReader;
import dev.fenced.cdi.boot.MethodAnnotations;
import dev.fenced.cdi.config.ConfigLookup;
import dev.fenced.cdi.config.GlobalSettings;
import dev.fenced.cdi.model.IdempotentMethod;
import dev.fenced.core.idempotency.FingerprintCalculator;
import dev.fenced.core.idempotency.RecordKey;
import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.IdempotencyOptions;
import dev.fenced.idempotency.Idempotent;
import dev.fenced.idempotency.OnConflict;
import jakarta.json.bind.JsonbBuilder;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CallFactoryTest {

  public record OrderPaid(String eventId, long amount) {}

  public static class Shipping {
    @Idempotent(ttl = "2h", onConflict = OnConflict.WAIT)
    public String onPaid(@IdempotencyKey("eventId") OrderPaid event) {
      return event.eventId();
    }
  }

  private final ConfigLookup config = ConfigLookup.of(Map.of("fenced.idempotency.lock-ttl", "9s"));
  private final FingerprintCalculator calculator = new FingerprintCalculator();
  private String caller = "";
  private final CallFactory factory =
      new CallFactory(
          new ArgumentFingerprints(JsonbBuilder.create(), calculator),
          calculator,
          GlobalSettings.of(config),
          new CallScopes() {
            @Override
            public String forMethod(IdempotentMethod method) {
              return method.scope().equals(Idempotent.GLOBAL_SCOPE) ? "" : caller;
            }

            @Override
            public String forCaller() {
              return caller;
            }
          });

  private IdempotentMethod onPaid() throws NoSuchMethodException {
    Method method = Shipping.class.getMethod("onPaid", OrderPaid.class);
    return new IdempotentMethodReader(config)
        .read(MethodAnnotations.of(Shipping.class, method))
        .orElseThrow();
  }

  @Test
  void a_bean_method_call_is_keyed_per_handler_with_its_resolved_options() throws Exception {
    GuardedCall call =
        factory.forMethod(onPaid(), new Object[] {new OrderPaid("e-1", 5)}).orElseThrow();

    assertThat(call.key()).isEqualTo("e-1");
    assertThat(call.recordKey())
        .isEqualTo(RecordKey.method("e-1", Shipping.class.getName(), "onPaid"));
    assertThat(call.options().ttl()).isEqualTo(Duration.ofHours(2));
    assertThat(call.options().lockTtl()).isEqualTo(Duration.ofSeconds(9));
    assertThat(call.options().onConflict()).isEqualTo(OnConflict.WAIT);
    assertThat(call.resultType()).isEqualTo(String.class);
  }

  @Test
  void a_programmatic_call_uses_one_record_namespace_and_the_global_defaults() {
    GuardedCall call = factory.forProgrammatic("k-1", IdempotencyOptions.defaults());

    assertThat(call.recordKey())
        .isEqualTo(RecordKey.method("k-1", "dev.fenced.idempotency.Idempotency", "execute"));
    assertThat(call.target()).isEqualTo("dev.fenced.idempotency.Idempotency.execute");
    assertThat(call.options().ttl()).isEqualTo(Duration.ofHours(24));
    assertThat(call.options().waitTimeout()).isEqualTo(Duration.ofSeconds(9));
    assertThat(call.resultType()).isEqualTo(Object.class);
  }

  @Test
  void programmatic_calls_with_other_result_types_have_other_fingerprints() {
    var asString =
        factory.forProgrammatic("k-1", IdempotencyOptions.defaults().withResultType(String.class));
    var asLong =
        factory.forProgrammatic("k-1", IdempotencyOptions.defaults().withResultType(Long.class));

    assertThat(asString.fingerprint()).isNotEqualTo(asLong.fingerprint());
  }

  @Test
  void two_principals_sending_one_key_to_a_bean_method_get_two_records() throws Exception {
    Object[] event = {new OrderPaid("e-1", 5)};
    caller = "alice";
    GuardedCall alice = factory.forMethod(onPaid(), event).orElseThrow();
    caller = "bob";
    GuardedCall bob = factory.forMethod(onPaid(), event).orElseThrow();

    assertThat(alice.recordKey()).isNotEqualTo(bob.recordKey());
    assertThat(alice.recordKey())
        .isEqualTo(RecordKey.method("alice", "e-1", Shipping.class.getName(), "onPaid"));
  }

  @Test
  void two_principals_sending_one_key_to_the_programmatic_api_get_two_records() {
    caller = "alice";
    GuardedCall alice = factory.forProgrammatic("k-1", IdempotencyOptions.defaults());
    caller = "bob";
    GuardedCall bob = factory.forProgrammatic("k-1", IdempotencyOptions.defaults());

    assertThat(alice.recordKey()).isNotEqualTo(bob.recordKey());
  }

  @Test
  void a_scoped_record_key_cannot_be_spelled_by_a_global_key() throws Exception {
    caller = "alice";
    GuardedCall scoped =
        factory.forMethod(onPaid(), new Object[] {new OrderPaid("e-1", 5)}).orElseThrow();
    caller = "";
    GuardedCall spelled =
        factory.forMethod(onPaid(), new Object[] {new OrderPaid("alice:e-1", 5)}).orElseThrow();

    assertThat(spelled.recordKey()).isNotEqualTo(scoped.recordKey());
  }
}
