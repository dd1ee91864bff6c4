package dev.fenced.cdi.admin;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.admin.IdempotencyRecordPurged;
import dev.fenced.admin.IdempotencyRecordState;
import dev.fenced.admin.LockForceReleased;
import dev.fenced.admin.LockSnapshot;
import dev.fenced.cdi.FencedIdempotencyRuntime;
import dev.fenced.cdi.FencedLocksRuntime;
import dev.fenced.core.memory.InMemoryIdempotencyStore;
import dev.fenced.core.memory.InMemoryLockStore;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.locks.spi.LockAdministration;
import dev.fenced.locks.spi.LockStore;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.NotificationOptions;
import jakarta.enterprise.util.TypeLiteral;
import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

/**
 * The operator's writes change only what the operator saw: by key alone they read the lock or
 * record and write conditioned on its owner; with an owner, the store checks that owner.
 */
class FencedAdministrationTest {

  private static final long TTL = 60_000;

  private final InMemoryLockStore locks = new InMemoryLockStore();
  private final InMemoryIdempotencyStore records = new InMemoryIdempotencyStore();
  private final List<Object> fired = new ArrayList<>();

  @Test
  void a_lock_released_by_key_is_the_one_read_and_its_release_is_fired() {
    long token = locks.acquire("job", "hung", TTL).orElseThrow();

    Optional<LockSnapshot> released = administration(locks).forceReleaseLock("job");

    assertThat(released.map(LockSnapshot::owner)).contains("hung");
    assertThat(locks.lock("job")).isEmpty();
    assertThat(fired).containsExactly(new LockForceReleased("job", "hung", token));
  }

  @Test
  void a_lock_that_changes_hands_between_the_read_and_the_release_is_left_alone() {
    locks.acquire("job", "hung", TTL);

    Optional<LockSnapshot> released =
        administration(new HandedOverAfterRead(locks)).forceReleaseLock("job");

    assertThat(released).isEmpty();
    assertThat(locks.lock("job").map(LockSnapshot::owner)).contains("next");
    assertThat(fired).isEmpty();
  }

  @Test
  void a_release_expecting_another_owner_leaves_the_lock_alone() {
    locks.acquire("job", "next", TTL);

    assertThat(administration(locks).forceReleaseLock("job", "hung")).isEmpty();

    assertThat(locks.lock("job").map(LockSnapshot::owner)).contains("next");
    assertThat(fired).isEmpty();
  }

  @Test
  void a_completed_record_purged_by_key_is_purged_and_fired() {
    records.acquire("order", "attempt", "fp", TTL);
    records.complete("order", "attempt", "{}".getBytes(UTF_8), TTL);

    assertThat(administration(locks).purgeIdempotencyRecord("order")).isPresent();

    assertThat(records.record("order", false)).isEmpty();
    assertThat(fired)
        .containsExactly(new IdempotencyRecordPurged("order", IdempotencyRecordState.COMPLETED));
  }

  @Test
  void a_purge_expecting_another_owner_leaves_the_claim_alone() {
    records.acquire("order", "retry", "fp", TTL);

    assertThat(administration(locks).purgeIdempotencyRecord("order", "hung")).isEmpty();

    assertThat(records.record("order", false).flatMap(r -> r.owner())).contains("retry");
    assertThat(fired).isEmpty();
  }

  private FencedAdministration administration(LockStore lockStore) {
    FencedAdministration administration = new FencedAdministration();
    administration.locks =
        new FencedLocksRuntime() {
          @Override
          public LockStore store() {
            return lockStore;
          }

          @Override
          public String storeName() {
            return "memory";
          }
        };
    administration.idempotency =
        new FencedIdempotencyRuntime() {
          @Override
          public IdempotencyStore store() {
            return records;
          }

          @Override
          public String storeName() {
            return "memory";
          }
        };
    administration.events = new Recorded(fired);
    return administration;
  }

  /** A lock store where another owner takes the lock just after an operator read it. */
  private record HandedOverAfterRead(InMemoryLockStore store)
      implements LockStore, LockAdministration {
    @Override
    public Optional<LockSnapshot> lock(String key) {
      Optional<LockSnapshot> seen = store.lock(key);
      seen.ifPresent(
          lock -> {
            store.release(key, lock.owner());
            store.acquire(key, "next", TTL);
          });
      return seen;
    }

    @Override
    public Optional<LockSnapshot> forceRelease(String key, String expectedOwner) {
      return store.forceRelease(key, expectedOwner);
    }

    @Override
    public OptionalLong acquire(String key, String owner, long ttlMillis) {
      return store.acquire(key, owner, ttlMillis);
    }

    @Override
    public boolean renew(String key, String owner, long ttlMillis) {
      return store.renew(key, owner, ttlMillis);
    }

    @Override
    public boolean release(String key, String owner) {
      return store.release(key, owner);
    }
  }

  /** The events fired, in order. */
  private record Recorded(List<Object> fired) implements Event<Object> {
    @Override
    public void fire(Object event) {
      fired.add(event);
    }

    @Override
    public <U> CompletionStage<U> fireAsync(U event) {
      throw new UnsupportedOperationException();
    }

    @Override
    public <U> CompletionStage<U> fireAsync(U event, NotificationOptions options) {
      throw new UnsupportedOperationException();
    }

    @Override
    public Event<Object> select(Annotation... qualifiers) {
      throw new UnsupportedOperationException();
    }

    @Override
    public <U> Event<U> select(Class<U> subtype, Annotation... qualifiers) {
      throw new UnsupportedOperationException();
    }

    @Override
    public <U> Event<U> select(TypeLiteral<U> subtype, Annotation... qualifiers) {
      throw new UnsupportedOperationException();
    }
  }
}
