package dev.fenced.tck.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.admin.LockSnapshot;
import dev.fenced.locks.spi.LockAdministration;
import dev.fenced.locks.spi.LockStore;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The contract of a store that lets an operator inspect and force-release locks ({@link
 * LockAdministration}), as JUnit 5 tests: a force-release frees only the owner the operator saw.
 * Run it next to {@link LockStoreContract}: extend it and implement {@link #store()}. The hooks of
 * {@link StoreContractSupport} apply.
 *
 * @param <S> the store under test, both SPIs
 */
public abstract class LockAdministrationContract<S extends LockStore & LockAdministration>
    extends StoreContractSupport {

  /**
   * The store under test; called at the start of every test.
   *
   * @return the store
   */
  protected abstract S store();

  @Test
  void a_held_lock_shows_its_owner_token_and_remaining_time() {
    S store = store();
    String key = key("held");
    String owner = owner("owner");
    long token = store.acquire(key, owner, longTtl()).orElseThrow();

    LockSnapshot lock = store.lock(key).orElseThrow();

    assertThat(lock.key()).isEqualTo(key);
    assertThat(lock.owner()).isEqualTo(owner);
    assertThat(lock.fencingToken()).isEqualTo(token);
    assertThat(lock.expiresIn()).isPositive().isLessThanOrEqualTo(Duration.ofMillis(longTtl()));
  }

  @Test
  void no_lock_is_shown_for_a_free_key_a_released_lock_or_an_expired_one()
      throws InterruptedException {
    S store = store();
    String released = key("released");
    String expired = key("expired");
    String owner = owner("owner");
    store.acquire(released, owner, longTtl());
    store.release(released, owner);
    store.acquire(expired, owner("other"), shortTtlMillis());
    expire();

    assertThat(store.lock(key("never"))).isEmpty();
    assertThat(store.lock(released)).isEmpty();
    assertThat(store.lock(expired)).isEmpty();
  }

  @Test
  void a_force_released_lock_goes_to_the_next_acquirer_with_a_higher_token() {
    S store = store();
    String key = key("forced");
    String owner = owner("owner");
    long token = store.acquire(key, owner, longTtl()).orElseThrow();

    LockSnapshot released = store.forceRelease(key, owner).orElseThrow();

    assertThat(released.owner()).isEqualTo(owner);
    assertThat(released.fencingToken()).isEqualTo(token);
    assertThat(store.lock(key)).isEmpty();
    assertThat(store.acquire(key, owner("next"), longTtl()).orElseThrow()).isGreaterThan(token);
  }

  @Test
  void the_holder_of_a_force_released_lock_can_neither_renew_nor_release_it() {
    S store = store();
    String key = key("forced-holder");
    String owner = owner("owner");
    store.acquire(key, owner, longTtl());

    store.forceRelease(key, owner);

    assertThat(store.renew(key, owner, longTtl())).isFalse();
    assertThat(store.release(key, owner)).isFalse();
  }

  @Test
  void force_releasing_a_key_without_a_live_lock_changes_nothing() throws InterruptedException {
    S store = store();
    String expired = key("expired");
    String owner = owner("owner");
    store.acquire(expired, owner, shortTtlMillis());
    expire();

    assertThat(store.forceRelease(key("never"), owner)).isEmpty();
    assertThat(store.forceRelease(expired, owner)).isEmpty();
  }

  @Test
  @RuleSince("0.1.0")
  void a_force_release_expecting_another_owner_leaves_the_lock_alone() {
    S store = store();
    String key = key("forced-other");
    String owner = owner("next");
    long token = store.acquire(key, owner, longTtl()).orElseThrow();

    assertThat(store.forceRelease(key, owner("earlier"))).isEmpty();

    LockSnapshot held = store.lock(key).orElseThrow();
    assertThat(held.owner()).isEqualTo(owner);
    assertThat(held.fencingToken()).isEqualTo(token);
    assertThat(store.renew(key, owner, longTtl())).isTrue();
  }
}
