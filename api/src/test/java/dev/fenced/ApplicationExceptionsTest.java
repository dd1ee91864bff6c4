package dev.fenced;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.admin.StoreAdministrationUnsupportedException;
import dev.fenced.idempotency.IdempotencyException;
import dev.fenced.locks.LockLostException;
import dev.fenced.locks.LockNotAcquiredException;
import dev.fenced.locks.LockStoreUnavailableException;
import dev.fenced.locks.StaleFencingTokenException;
import jakarta.ejb.ApplicationException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every Fenced exception is an EJB application exception, so an EJB's caller gets it unwrapped, and
 * rolls back exactly where the documented table (docs/guide/errors.md) says.
 */
class ApplicationExceptionsTest {

  /** Each exception and whether it rolls back the transaction it leaves. */
  private static final Map<Class<? extends FencedException>, Boolean> ROLLBACK =
      Map.of(
          LockNotAcquiredException.class, false,
          LockStoreUnavailableException.class, false,
          LockLostException.class, true,
          StaleFencingTokenException.class, true,
          IdempotencyException.class, true,
          StoreAdministrationUnsupportedException.class, false);

  @Test
  void every_fenced_exception_is_an_inherited_application_exception_with_its_rollback() {
    ROLLBACK.forEach(
        (type, rollback) -> {
          ApplicationException annotation = type.getAnnotation(ApplicationException.class);
          assertThat(annotation).as(type.getSimpleName()).isNotNull();
          assertThat(annotation.rollback())
              .as(type.getSimpleName() + " rollback")
              .isEqualTo(rollback);
          assertThat(annotation.inherited()).as(type.getSimpleName() + " inherited").isTrue();
        });
  }
}
