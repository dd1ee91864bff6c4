package dev.fenced.tck.message;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fenced.locks.JobSkipped;
import dev.fenced.locks.Lock;
import dev.fenced.locks.Locks;
import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.deployed.TckTimeouts;
import dev.fenced.tck.locks.common.Polling;
import dev.fenced.tck.locks.events.JobEventLog;
import dev.fenced.tck.message.common.MessageDeployment;
import dev.fenced.tck.message.mdb.PaymentListener;
import dev.fenced.tck.message.mdb.Queues;
import dev.fenced.tck.message.mdb.RefundListener;
import dev.fenced.tck.message.mdb.StatementListener;
import jakarta.inject.Inject;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.Queue;
import java.time.Duration;
import java.util.UUID;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code @Idempotent} on a message-driven bean's {@code onMessage}, on the server's own broker: a
 * message sent twice with the same key (a message property) is handled once; a handler that throws,
 * or whose transaction rolls back, releases the key (its message id), so the broker's redelivery
 * runs it again, to completion, once. A {@code @WithoutOverlapping} listener skips a message while
 * another holds its run lock.
 */
@ExtendWith(ArquillianExtension.class)
public class IdempotentMessageDrivenBeanTest {

  private static final Duration WAIT = TckTimeouts.scaled(Duration.ofSeconds(20));

  @Deployment
  public static WebArchive deployment() {
    return MessageDeployment.war("idempotent-mdb")
        .classes(Queues.class, PaymentListener.class, RefundListener.class)
        .classes(StatementListener.class, JobEventLog.class, Polling.class)
        .build();
  }

  @Inject JMSContext jms;
  @Inject Invocations invocations;
  @Inject Locks locks;
  @Inject JobEventLog jobs;

  private final String tag = "mdb-" + UUID.randomUUID();

  @Test
  void a_message_sent_twice_with_the_same_key_is_handled_once() throws Exception {
    String key = "payment-" + UUID.randomUUID();
    String after = tag + ":after";

    send(Queues.PAYMENTS, key, tag, null);
    send(Queues.PAYMENTS, key, tag, null);
    send(Queues.PAYMENTS, "payment-" + UUID.randomUUID(), after, null);
    awaitCount(after, 1);

    assertEquals(1, invocations.count(tag), "runs");
  }

  @Test
  void a_handler_that_throws_releases_the_key_so_the_redelivery_runs_it_once() throws Exception {
    send(Queues.REFUNDS, null, tag, "throw");
    awaitCount(tag + ":completed", 1);

    assertAll(
        () -> assertEquals(2, invocations.count(tag), "runs"),
        () -> assertEquals(1, invocations.count(tag + ":completed"), "completed runs"));
  }

  @Test
  void a_rolled_back_transaction_releases_the_key_so_the_redelivery_runs_it_once()
      throws Exception {
    send(Queues.REFUNDS, null, tag, "rollback");
    awaitCount(tag + ":completed", 1);

    assertAll(
        () -> assertEquals(2, invocations.count(tag), "runs"),
        () -> assertEquals(1, invocations.count(tag + ":completed"), "completed runs"));
  }

  @Test
  void a_without_overlapping_listener_skips_a_message_while_its_run_lock_is_held_elsewhere()
      throws Exception {
    String job = StatementListener.class.getName() + ".onMessage";
    try (Lock held =
        locks.tryAcquire(StatementListener.KEY).orElseThrow(() -> new AssertionError("held"))) {
      send(Queues.STATEMENTS, null, tag + ":held", null);
      Polling.await(
          "the message was skipped",
          WAIT,
          () -> jobs.of(job).stream().anyMatch(JobSkipped.class::isInstance));
    }
    send(Queues.STATEMENTS, null, tag + ":free", null);
    awaitCount(tag + ":free", 1);

    assertEquals(0, invocations.count(tag + ":held"), "runs while held");
  }

  private void send(String queue, String paymentId, String messageTag, String fail)
      throws NamingException, JMSException {
    Message message = jms.createMessage();
    message.setStringProperty(Queues.PAYMENT_ID, paymentId);
    message.setStringProperty(Queues.TAG, messageTag);
    message.setStringProperty("fail", fail);
    jms.createProducer().send(InitialContext.<Queue>doLookup(queue), message);
  }

  private void awaitCount(String name, int count) throws InterruptedException {
    Polling.await(name + " counted " + count, WAIT, () -> invocations.count(name) >= count);
    assertEquals(count, invocations.count(name), name);
  }
}
