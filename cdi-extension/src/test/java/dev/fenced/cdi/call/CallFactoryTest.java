package dev.fenced.cdi.call;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.cdi.config.ConfigLookup;
import dev.fenced.cdi.config.IdempotentMethod;
import dev.fenced.cdi.config.IdempotentMethodReader;
import dev.fenced.cdi.config.MethodAnnotations;
import dev.fenced.cdi.deployment.GlobalSettings;
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
  private final CallFactory factory =
      new CallFactory(
          new ArgumentFingerprints(JsonbBuilder.create(), calculator),
          calculator,
          GlobalSettings.of(config));

  @Test
  void a_bean_method_call_is_keyed_per_handler_with_its_resolved_options() throws Exception {
    Method method = Shipping.class.getMethod("onPaid", OrderPaid.class);
    IdempotentMethod model =
        new IdempotentMethodReader(config)
            .read(MethodAnnotations.of(Shipping.class, method))
            .orElseThrow();

    GuardedCall call = factory.forMethod(model, new Object[] {new OrderPaid("e-1", 5)});

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
}
