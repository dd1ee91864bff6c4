package dev.fenced.tck.store;

import dev.fenced.idempotency.spi.IdempotencyStore;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The contract of an {@link IdempotencyStore} that cannot reach its data: every method throws
 * {@link dev.fenced.store.spi.StoreUnavailableException}, and no other exception, within {@link
 * #unavailableWithin()}, so Fenced fails closed (503 {@code IDEMPOTENCY_STORE_UNAVAILABLE}) instead
 * of running the call unguarded or hanging.
 *
 * <p>A store that keeps its data anywhere but in the JVM extends this class and returns from {@link
 * #store()} the store configured as in production but pointed at an address where nothing listens,
 * e.g. a port on 127.0.0.1 that nobody opened:
 *
 * <pre>{@code
 * class MyUnreachableIdempotencyStoreTest extends UnreachableIdempotencyStoreContract {
 *   @Override
 *   protected IdempotencyStore store() {
 *     return new MyIdempotencyStore(MyClient.connect("my://127.0.0.1:1", Duration.ofSeconds(2)));
 *   }
 * }
 * }</pre>
 */
@RuleSince("0.1.0")
public abstract class UnreachableIdempotencyStoreContract extends StoreContractSupport {

  private static final String FINGERPRINT =
      "sha-256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";

  /**
   * The store under test, pointed at nothing. Called at the start of every test.
   *
   * @return a store that cannot reach its data
   */
  protected abstract IdempotencyStore store();

  @Test
  void acquire_throws_store_unavailable() {
    assertUnavailable(() -> store().acquire(key("acquire"), owner("a"), FINGERPRINT, longTtl()));
  }

  @Test
  void complete_throws_store_unavailable() {
    byte[] payload = "{}".getBytes(StandardCharsets.UTF_8);
    assertUnavailable(() -> store().complete(key("complete"), owner("a"), payload, longTtl()));
  }

  @Test
  void release_throws_store_unavailable() {
    assertUnavailable(() -> store().release(key("release"), owner("a")));
  }

  @Test
  void extend_throws_store_unavailable() {
    assertUnavailable(() -> store().extend(key("extend"), owner("a"), longTtl()));
  }
}
