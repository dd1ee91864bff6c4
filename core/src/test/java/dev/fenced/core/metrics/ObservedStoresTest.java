package dev.fenced.core.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.fenced.core.memory.InMemoryIdempotencyStore;
import dev.fenced.core.memory.InMemoryLockStore;
import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.idempotency.spi.CompletionWithWork;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.locks.spi.LockStore;
import dev.fenced.store.spi.StoreUnavailableException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class ObservedStoresTest {

  private final List<StoreCall> calls = new CopyOnWriteArrayList<>();
  private final Optional<StoreCallListener> listener = Optional.of(calls::add);

  @Test
  void withoutAListenerTheStoreIsUsedAsItIs() {
    IdempotencyStore idempotency = new InMemoryIdempotencyStore();
    LockStore locks = new InMemoryLockStore();

    assertThat(ObservedStores.idempotency(idempotency, "memory", Optional.empty()))
        .isSameAs(idempotency);
    assertThat(ObservedStores.locks(locks, "memory", Optional.empty())).isSameAs(locks);
  }

  @Test
  void aClaimedKeyIsDoneAndAHeldOneRefused() {
    IdempotencyStore store =
        ObservedStores.idempotency(new InMemoryIdempotencyStore(), "memory", listener);

    store.acquire("k", "a", "f", 10_000);
    store.acquire("k", "b", "f", 10_000);

    assertThat(calls)
        .extracting(StoreCall::store, StoreCall::operation, StoreCall::answer)
        .containsExactly(
            tuple("memory", StoreOperation.IDEMPOTENCY_ACQUIRE, StoreCall.Answer.DONE),
            tuple("memory", StoreOperation.IDEMPOTENCY_ACQUIRE, StoreCall.Answer.REFUSED));
    assertThat(calls).allSatisfy(call -> assertThat(call.nanos()).isPositive());
  }

  @Test
  void aLockAcquiredIsDoneAndAHeldOneRefused() {
    LockStore store = ObservedStores.locks(new InMemoryLockStore(), "memory", listener);

    store.acquire("job", "a", 10_000);
    store.acquire("job", "b", 10_000);
    store.release("job", "a");

    assertThat(calls)
        .extracting(StoreCall::operation, StoreCall::answer)
        .containsExactly(
            tuple(StoreOperation.LOCK_ACQUIRE, StoreCall.Answer.DONE),
            tuple(StoreOperation.LOCK_ACQUIRE, StoreCall.Answer.REFUSED),
            tuple(StoreOperation.LOCK_RELEASE, StoreCall.Answer.DONE));
  }

  @Test
  void aStoreThatThrowsIsReportedFailedWithTheExceptionsClassAndTheExceptionGoesOn() {
    IdempotencyStore store = ObservedStores.idempotency(new DownStore(), "memory", listener);

    assertThatThrownBy(() -> store.acquire("k", "a", "f", 10_000))
        .isInstanceOf(StoreUnavailableException.class);
    assertThat(calls)
        .singleElement()
        .satisfies(
            call -> {
              assertThat(call.answer()).isEqualTo(StoreCall.Answer.FAILED);
              assertThat(call.failure()).contains(StoreUnavailableException.class.getName());
            });
  }

  @Test
  void aListenerThatThrowsDoesNotChangeTheAnswer() {
    LockStore store =
        ObservedStores.locks(
            new InMemoryLockStore(),
            "memory",
            Optional.of(
                call -> {
                  throw new IllegalStateException("listener");
                }));

    assertThat(store.acquire("job", "a", 10_000)).isPresent();
  }

  @Test
  void aStoreThatCompletesWithTheWorkStillDoesWhenObserved() {
    IdempotencyStore store = new CompletingStore();

    IdempotencyStore observed = ObservedStores.idempotency(store, "jpa", listener);

    assertThat(observed).isInstanceOf(CompletionWithWork.class);
    ((CompletionWithWork) observed).markCommitted("k", "a", 1_000, 1_000);
    assertThat(calls)
        .singleElement()
        .extracting(StoreCall::operation, StoreCall::answer)
        .containsExactly(StoreOperation.IDEMPOTENCY_MARK_COMMITTED, StoreCall.Answer.REFUSED);
  }

  /** A store that cannot be reached. */
  private static class DownStore implements IdempotencyStore {

    @Override
    public AcquireResult acquire(String key, String owner, String fingerprint, long ttlMillis) {
      throw new StoreUnavailableException("down");
    }

    @Override
    public boolean complete(String key, String owner, byte[] payload, long ttlMillis) {
      throw new StoreUnavailableException("down");
    }

    @Override
    public boolean release(String key, String owner) {
      throw new StoreUnavailableException("down");
    }

    @Override
    public boolean extend(String key, String owner, long lockTtlMillis) {
      throw new StoreUnavailableException("down");
    }
  }

  /** A store that records outcomes with the work, and never holds a claim. */
  private static final class CompletingStore extends DownStore implements CompletionWithWork {

    @Override
    public boolean completeWithWork(String key, String owner, byte[] payload, long ttlMillis) {
      return false;
    }

    @Override
    public boolean markCommitted(String key, String owner, long ttlMillis, long lockTtlMillis) {
      return false;
    }
  }
}
