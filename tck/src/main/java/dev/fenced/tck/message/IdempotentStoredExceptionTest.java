package dev.fenced.tck.message;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.deployed.Ledger;
import dev.fenced.tck.message.common.MessageDeployment;
import dev.fenced.tck.message.storedexception.CaptureFailed;
import dev.fenced.tck.message.storedexception.RefundRefused;
import dev.fenced.tck.message.storedexception.Refunds;
import dev.fenced.tck.message.storedexception.Settlements;
import jakarta.ejb.EJBException;
import jakarta.inject.Inject;
import java.util.List;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code @Idempotent(storeOn)}: an exception the method lists is its outcome, stored and thrown
 * again to every repeat (the stored class, the stored message) without running the method, even
 * when it rolled the method's transaction back; an exception it does not list still releases the
 * key.
 */
@ExtendWith(ArquillianExtension.class)
public class IdempotentStoredExceptionTest {

  @Deployment
  public static WebArchive deployment() {
    return MessageDeployment.war("idempotent-stored-exception")
        .classes(
            CaptureFailed.class,
            RefundRefused.class,
            Settlements.class,
            Refunds.class,
            Ledger.class)
        .build();
  }

  @Inject Settlements settlements;
  @Inject Refunds refunds;
  @Inject Invocations invocations;
  @Inject Ledger ledger;

  private final String key = "settle-" + UUID.randomUUID();

  @Test
  void a_listed_exception_of_an_ejb_is_thrown_again_though_its_transaction_rolled_back() {
    EJBException first = assertThrows(EJBException.class, () -> settlements.settle(key));
    EJBException repeat = assertThrows(EJBException.class, () -> settlements.settle(key));

    assertAll(
        () -> assertInstanceOf(CaptureFailed.class, cause(first)),
        () -> assertInstanceOf(CaptureFailed.class, cause(repeat)),
        () ->
            assertEquals(
                "captured in run 1, then the ledger write failed", cause(repeat).getMessage()),
        () -> assertEquals(List.of(), ledger.committed(key), "the transaction rolled back"),
        () -> assertEquals(1, invocations.count(key), "runs"));
  }

  @Test
  void a_listed_checked_exception_of_a_cdi_method_is_thrown_again_with_its_class_and_message() {
    RefundRefused first = assertThrows(RefundRefused.class, () -> refunds.refund(key));
    RefundRefused repeat = assertThrows(RefundRefused.class, () -> refunds.refund(key));

    assertAll(
        () -> assertEquals("refused in run 1", first.getMessage()),
        () -> assertEquals("refused in run 1", repeat.getMessage()),
        () -> assertEquals(1, invocations.count(key), "runs"));
  }

  @Test
  void an_exception_the_method_does_not_list_releases_the_key_so_a_retry_runs() {
    EJBException outage =
        assertThrows(EJBException.class, () -> settlements.settleAfterOutage(key));

    String retry = settlements.settleAfterOutage(key);
    String repeat = settlements.settleAfterOutage(key);

    assertAll(
        () -> assertInstanceOf(IllegalStateException.class, cause(outage)),
        () -> assertEquals("settled in run 2", retry),
        () -> assertEquals(retry, repeat, "the retry's value is stored"),
        () -> assertEquals(2, invocations.count(key), "runs"));
  }

  /** What a system exception of an EJB wraps: the exception the method (or Fenced) threw. */
  private static Throwable cause(EJBException e) {
    return e.getCause() != null ? e.getCause() : e.getCausedByException();
  }
}
