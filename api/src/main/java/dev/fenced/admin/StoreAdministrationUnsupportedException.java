package dev.fenced.admin;

import dev.fenced.ErrorCode;
import dev.fenced.FencedException;
import jakarta.ejb.ApplicationException;

/**
 * The store in use does not implement the optional administration SPI that a {@link FencedAdmin}
 * method needs ({@link dev.fenced.idempotency.spi.IdempotencyRecordAdministration} or {@link
 * dev.fenced.locks.spi.LockAdministration}); nothing was read or changed.
 *
 * <p>It is an EJB application exception that does <em>not</em> roll the transaction back: nothing
 * was changed, so an EJB's caller gets it unwrapped and its transaction can still commit.
 *
 * <p>The annotation only matters to an EJB container; where the EJB API is absent at run time the
 * JVM ignores it, so applications without EJBs are unaffected.
 */
@ApplicationException(rollback = false, inherited = true)
public class StoreAdministrationUnsupportedException extends FencedException {

  private static final long serialVersionUID = 1L;

  /**
   * Creates an exception.
   *
   * @param storeName the configured store ({@code fenced.idempotency.store} or {@code
   *     fenced.locks.store})
   * @param spi the SPI the store does not implement
   */
  public StoreAdministrationUnsupportedException(String storeName, Class<?> spi) {
    super(
        ErrorCode.STORE_ADMINISTRATION_UNSUPPORTED,
        "The store '"
            + storeName
            + "' does not implement "
            + spi.getName()
            + ", so it cannot be inspected or changed through FencedAdmin; use the store's own"
            + " tools, or a store that implements it (the built-in ones do)",
        null);
  }
}
