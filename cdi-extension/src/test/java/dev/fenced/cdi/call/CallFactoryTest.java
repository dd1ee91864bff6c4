package dev.fenced.cdi.call;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.ErrorCode;
import dev.fenced.cdi.boot.IdempotentMethodReader;
import dev.fenced.cdi.boot.MethodAnnotations;
import dev.fenced.cdi.config.ConfigLookup;
import dev.fenced.cdi.config.GlobalSettings;
import dev.fenced.cdi.model.IdempotentMethod;
import dev.fenced.core.idempotency.FingerprintCalculator;
import dev.fenced.core.idempotency.RecordKey;
import dev.fenced.idempotency.IdempotencyException;
import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.IdempotencyOptions;
import dev.fenced.idempotency.Idempotent;
import dev.fenced.idempotency.OnConflict;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import jakarta.jms.TextMessage;
import jakarta.json.bind.JsonbBuilder;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
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

  public static class Orders implements MessageListener {
    @Override
    @Idempotent
    public void onMessage(Message message) {}
  }

  public static class RequiredOrders implements MessageListener {
    @Override
    @Idempotent(required = true)
    public void onMessage(Message message) {}
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

  private IdempotentMethod onMessage(Class<?> listener) throws NoSuchMethodException {
    return new IdempotentMethodReader(config)
        .read(MethodAnnotations.of(listener, listener.getMethod("onMessage", Message.class)))
        .orElseThrow();
  }

  /** A text message answering only what the key and the fingerprint read of it. */
  private static TextMessage text(String body) {
    return (TextMessage)
        Proxy.newProxyInstance(
            CallFactoryTest.class.getClassLoader(),
            new Class<?>[] {TextMessage.class},
            (proxy, method, args) ->
                switch (method.getName()) {
                  case "getText" -> body;
                  case "propertyExists" -> false;
                  default -> throw new UnsupportedOperationException(method.getName());
                });
  }

  @Test
  void a_listeners_message_is_keyed_by_its_json_idempotency_key_per_handler() throws Exception {
    GuardedCall call =
        factory
            .forMethod(
                onMessage(Orders.class),
                new Object[] {text("{\"idempotencyKey\":\"o-7\",\"cents\":1}")})
            .orElseThrow();

    assertThat(call.key()).isEqualTo("o-7");
    assertThat(call.recordKey())
        .isEqualTo(RecordKey.method("o-7", Orders.class.getName(), "onMessage"));
  }

  @Test
  void a_listeners_message_without_a_key_runs_unguarded_unless_a_key_is_required()
      throws Exception {
    Object[] keyless = {text("{\"cents\":1}")};

    assertThat(factory.forMethod(onMessage(Orders.class), keyless)).isEmpty();
    assertThatThrownBy(() -> factory.forMethod(onMessage(RequiredOrders.class), keyless))
        .isInstanceOfSatisfying(
            IdempotencyException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.IDEMPOTENCY_KEY_REQUIRED))
        .hasMessageContaining("idempotencyKey");
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
