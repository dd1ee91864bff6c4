package dev.fenced.example.mariadb;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.fenced.store.spi.StoreLimits;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Arguments the store refuses before it sends anything: the store here points at a port where
 * nothing listens, so a call that reached for the database would throw {@code
 * StoreUnavailableException} instead.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StoreArgumentsTest {

  private final MariaDbStore store =
      MariaDbStore.open(
          MariaDbSettings.of(UnreachableMariaDbContractsTest.NOWHERE)
              .withTimeout(Duration.ofSeconds(1)));

  @AfterAll
  void close() {
    store.close();
  }

  @Test
  void a_key_with_a_lone_surrogate_is_refused_naming_where_it_is() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> store.acquire("order-\ud800-1", "owner", "fp", 1000))
        .withMessage(
            "MariaDB store: the key holds a lone UTF-16 surrogate at index 6, which has no UTF-8"
                + " form: the store refuses it rather than keep another key");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> store.lockStore().acquire("\udc00", "owner", 1000))
        .withMessageContaining("the key holds a lone UTF-16 surrogate at index 0");
  }

  @Test
  void an_owner_with_a_lone_surrogate_is_refused() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> store.release("key", "owner-\udc00\ud800"))
        .withMessageContaining("the owner holds a lone UTF-16 surrogate at index 6");
  }

  @Test
  void a_key_longer_than_its_column_is_refused_with_its_length() {
    String key = "\u4e2d".repeat(StoredKey.MAX_KEY_BYTES / 3 + 1);

    assertThatIllegalArgumentException()
        .isThrownBy(() -> store.lockStore().acquire(key, "owner", 1000))
        .withMessage(
            "MariaDB store: the key is 65538 bytes long in UTF-8; the store keeps at most 65535");
  }

  @Test
  void a_ttl_out_of_bounds_is_refused_naming_the_bounds() {
    byte[] payload = "{}".getBytes(UTF_8);

    assertThatIllegalArgumentException()
        .isThrownBy(() -> store.complete("key", "owner", payload, StoreLimits.MAX_TTL_MILLIS + 1))
        .withMessage(
            "MariaDB store: a ttl must be from 1 to 315360000000 ms"
                + " (StoreLimits.MAX_TTL_MILLIS), was 315360000001");
    assertThatIllegalArgumentException()
        .isThrownBy(() -> store.lockStore().renew("key", "owner", 0))
        .withMessageEndingWith("was 0");
  }
}
