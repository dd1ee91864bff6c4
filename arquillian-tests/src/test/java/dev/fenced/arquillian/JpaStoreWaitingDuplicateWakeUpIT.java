package dev.fenced.arquillian;

import java.net.URL;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs in the {@code jpa} cells: the PostgreSQL store (`LISTEN`/`NOTIFY`) wakes a waiting duplicate when the claim it waits for
 * ends ({@link WaitingDuplicates}).
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class JpaStoreWaitingDuplicateWakeUpIT {

  @Deployment(testable = false)
  static WebArchive deployment() {
    return WaitingDuplicates.deployment("jpa-store-waiting-duplicate-wake-up-it");
  }

  @ArquillianResource URL base;

  @Test
  void a_waiting_duplicate_is_answered_as_soon_as_the_first_call_ends_not_at_its_next_poll()
      throws Exception {
    new WaitingDuplicates(base).assertTheDuplicateIsAnsweredWhenTheFirstEnds();
  }
}
