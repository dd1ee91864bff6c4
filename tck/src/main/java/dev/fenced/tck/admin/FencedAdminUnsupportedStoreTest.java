package dev.fenced.tck.admin;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.ErrorCode;
import dev.fenced.admin.FencedAdmin;
import dev.fenced.admin.StoreAdministrationUnsupportedException;
import dev.fenced.locks.spi.LockAdministration;
import dev.fenced.tck.locks.common.LocksDeployment;
import dev.fenced.tck.locks.common.TckLockStore;
import jakarta.inject.Inject;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A lock store without the optional {@link LockAdministration} (the TCK's own map store): {@code
 * FencedAdmin}'s lock methods refuse with {@code STORE_ADMINISTRATION_UNSUPPORTED}, naming the
 * store and the SPI, and change nothing.
 */
@ExtendWith(ArquillianExtension.class)
public class FencedAdminUnsupportedStoreTest {

  @Deployment
  public static WebArchive deployment() {
    return LocksDeployment.withTckStore("admin-unsupported").build();
  }

  @Inject FencedAdmin admin;

  @Test
  void a_store_without_the_administration_spi_is_refused_with_a_code_naming_it() {
    StoreAdministrationUnsupportedException refused =
        assertThrows(StoreAdministrationUnsupportedException.class, () -> admin.lock("any"));

    assertAll(
        () -> assertEquals(ErrorCode.STORE_ADMINISTRATION_UNSUPPORTED, refused.code()),
        () -> assertTrue(refused.getMessage().contains(TckLockStore.NAME), refused.getMessage()),
        () ->
            assertTrue(
                refused.getMessage().contains(LockAdministration.class.getName()),
                refused.getMessage()),
        () ->
            assertThrows(
                StoreAdministrationUnsupportedException.class,
                () -> admin.forceReleaseLock("any")));
  }
}
