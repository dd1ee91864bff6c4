package dev.fenced.tck.locks;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.locks.Lock;
import dev.fenced.locks.LockOptions;
import dev.fenced.locks.Locks;
import dev.fenced.tck.locks.common.LocksDeployment;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code Locks.tryAcquire} gives a held {@code Lock} with its key, a random owner and a positive
 * fencing token, or nothing while another holder has the key; closing releases it once; tokens
 * strictly increase across acquisitions.
 */
@ExtendWith(ArquillianExtension.class)
public class LocksTryAcquireTest {

  @Deployment
  public static WebArchive deployment() {
    return LocksDeployment.war("locks-try-acquire").build();
  }

  @Inject Locks locks;

  private final String key = "tck:try-acquire:" + UUID.randomUUID();

  private Lock acquire() {
    Optional<Lock> lock = locks.tryAcquire(key);
    assertTrue(lock.isPresent(), "the free key " + key + " was not acquired");
    return lock.get();
  }

  @Test
  void a_free_key_gives_a_held_lock_with_key_owner_and_positive_token() {
    try (Lock lock = acquire()) {
      assertAll(
          () -> assertEquals(key, lock.key()),
          () -> assertFalse(lock.owner().isBlank(), "owner"),
          () -> assertTrue(lock.fencingToken() > 0, "token " + lock.fencingToken()),
          () -> assertTrue(lock.isHeld(), "held"));
    }
  }

  @Test
  void a_held_key_gives_nothing_even_after_a_wait() {
    try (Lock holder = acquire()) {
      Duration wait = Duration.ofMillis(300);
      long start = System.nanoTime();
      Optional<Lock> second = locks.tryAcquire(key, LockOptions.defaults().withWait(wait));
      Duration waited = Duration.ofNanos(System.nanoTime() - start);
      second.ifPresent(Lock::close);
      assertAll(
          () -> assertTrue(locks.tryAcquire(key).isEmpty(), "a single try got the held key"),
          () -> assertTrue(second.isEmpty(), "a waiting try got the held key"),
          () -> assertTrue(waited.compareTo(wait) >= 0, "gave up after " + waited),
          () -> assertTrue(holder.isHeld(), "the holder still holds"));
    }
  }

  @Test
  void close_releases_the_key_for_the_next_acquirer_with_a_greater_token() {
    Lock first = acquire();
    first.close();
    assertFalse(first.isHeld(), "a closed lock is not held");
    try (Lock second = acquire()) {
      assertAll(
          () -> assertTrue(second.fencingToken() > first.fencingToken(), "token"),
          () -> assertNotEquals(first.owner(), second.owner(), "owner"));
    }
  }

  @Test
  void fencing_tokens_strictly_increase_across_acquisitions() {
    long previous = 0;
    for (int i = 0; i < 5; i++) {
      try (Lock lock = acquire()) {
        assertTrue(
            lock.fencingToken() > previous,
            "acquisition " + i + ": token " + lock.fencingToken() + " after " + previous);
        previous = lock.fencingToken();
      }
    }
  }

  @Test
  void closing_again_does_not_release_the_next_holder() {
    Lock first = acquire();
    first.close();
    try (Lock second = acquire()) {
      first.close();
      assertAll(
          () -> assertTrue(second.isHeld(), "the next holder still holds"),
          () -> assertTrue(locks.tryAcquire(key).isEmpty(), "the key was free again"));
    }
  }
}
