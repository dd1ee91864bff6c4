package dev.fenced.cdi.call;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.ErrorCode;
import dev.fenced.cdi.model.KeyPath;
import dev.fenced.idempotency.IdempotencyException;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class CallKeysTest {

  public record Header(String messageId) {}

  public record Message(Header header, UUID eventId) {}

  @Test
  void the_key_is_the_argument_itself_or_the_property_at_its_path() {
    UUID id = UUID.randomUUID();
    Message message = new Message(new Header("m-1"), id);

    assertThat(CallKeys.read("k-1", KeyPath.compile(String.class, ""))).isEqualTo("k-1");
    assertThat(CallKeys.read(message, KeyPath.compile(Message.class, "header.messageId")))
        .isEqualTo("m-1");
    assertThat(CallKeys.read(message, KeyPath.compile(Message.class, "eventId")))
        .isEqualTo(id.toString());
  }

  @Test
  void a_null_key_anywhere_on_the_path_is_required() {
    assertRefused(
        () ->
            CallKeys.read(
                new Message(null, null), KeyPath.compile(Message.class, "header.messageId")),
        ErrorCode.IDEMPOTENCY_KEY_REQUIRED);
    assertRefused(
        () -> CallKeys.read(null, KeyPath.compile(String.class, "")),
        ErrorCode.IDEMPOTENCY_KEY_REQUIRED);
    assertRefused(() -> CallKeys.require(null), ErrorCode.IDEMPOTENCY_KEY_REQUIRED);
  }

  @Test
  void a_key_outside_printable_ascii_or_too_long_is_invalid() {
    KeyPath self = KeyPath.compile(String.class, "");

    assertRefused(() -> CallKeys.read("caf\u00e9", self), ErrorCode.IDEMPOTENCY_KEY_INVALID);
    assertRefused(() -> CallKeys.read("x".repeat(256), self), ErrorCode.IDEMPOTENCY_KEY_INVALID);
    assertRefused(() -> CallKeys.require(""), ErrorCode.IDEMPOTENCY_KEY_INVALID);
  }

  private static void assertRefused(
      org.assertj.core.api.ThrowableAssert.ThrowingCallable call, ErrorCode code) {
    assertThatThrownBy(call)
        .isInstanceOfSatisfying(
            IdempotencyException.class, e -> assertThat(e.code()).isEqualTo(code));
  }
}
