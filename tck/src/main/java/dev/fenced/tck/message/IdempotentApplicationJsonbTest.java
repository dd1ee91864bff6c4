package dev.fenced.tck.message;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.message.common.MessageDeployment;
import dev.fenced.tck.message.jsonb.FieldVisibleJsonb;
import dev.fenced.tck.message.jsonb.Receipt;
import dev.fenced.tck.message.jsonb.Receipts;
import jakarta.inject.Inject;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An application with a CDI bean of type {@code Jsonb} has its stored outcomes written and read
 * with it: a value only its configuration can write (private fields, no accessors) is stored and
 * replayed faithfully, where JSON-B's defaults would refuse it as not storable.
 */
@ExtendWith(ArquillianExtension.class)
public class IdempotentApplicationJsonbTest {

  @Deployment
  public static WebArchive deployment() {
    return MessageDeployment.war("idempotent-application-jsonb")
        .classes(Receipt.class, FieldVisibleJsonb.class, Receipts.class)
        .build();
  }

  @Inject Receipts receipts;
  @Inject Invocations invocations;

  private final String key = "receipt-" + UUID.randomUUID();

  @Test
  void a_value_only_the_applications_jsonb_can_write_is_stored_and_replayed() {
    Receipt first = receipts.issue(key);
    Receipt repeat = receipts.issue(key);

    assertAll(
        () -> assertEquals(new Receipt("r-" + key, 1), first),
        () -> assertEquals(first, repeat, "replayed"),
        () -> assertEquals(1, invocations.count(key), "runs"));
  }
}
