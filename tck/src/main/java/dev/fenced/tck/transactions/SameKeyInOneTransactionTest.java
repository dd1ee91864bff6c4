package dev.fenced.tck.transactions;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.deployed.Ledger;
import dev.fenced.tck.message.common.MessageDeployment;
import dev.fenced.tck.transactions.commit.Payments;
import dev.fenced.tck.transactions.commit.Receipt;
import dev.fenced.tck.transactions.samekey.Batch;
import dev.fenced.tck.transactions.samekey.Export;
import jakarta.inject.Inject;
import java.util.List;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Within one transaction a key's second use sees its first: an {@code @Idempotent} call repeated
 * with the same arguments gets the first call's outcome (a batch that carries a duplicate commits,
 * with the duplicate's work done once), a {@code @WithoutOverlapping} job runs under the lock its
 * first run keeps until the transaction ends, and a second {@code withLock} on a key runs under the
 * first one's lock. Before, each met its own claim or lock: {@code IDEMPOTENCY_KEY_IN_USE} rolled
 * the batch back, the job skipped itself, {@code withLock} threw {@code LockNotAcquiredException}.
 */
@ExtendWith(ArquillianExtension.class)
public class SameKeyInOneTransactionTest {

  @Deployment
  public static WebArchive deployment() {
    return MessageDeployment.war("same-key-in-one-transaction")
        .classes(Receipt.class, Ledger.class, Payments.class, Batch.class, Export.class)
        .build();
  }

  @Inject Batch batch;
  @Inject Payments payments;
  @Inject Ledger ledger;
  @Inject Invocations invocations;

  private final String id = UUID.randomUUID().toString();

  @Test
  void a_batch_that_carries_a_duplicate_key_commits_with_the_duplicates_work_done_once() {
    String first = "pay-a-" + id;
    String second = "pay-b-" + id;

    List<Receipt> receipts = batch.payAll(List.of(first, second, first));
    Receipt afterCommit = payments.pay(first);

    assertAll(
        () ->
            assertEquals(
                List.of(new Receipt(first, 1), new Receipt(second, 1), new Receipt(first, 1)),
                receipts,
                "the duplicate got the first payment's receipt"),
        () -> assertEquals(1, invocations.count(first), "runs"),
        () -> assertEquals(List.of(first + "#1"), ledger.committed(first), "committed once"),
        () -> assertEquals(new Receipt(first, 1), afterCommit, "replayed after the commit"));
  }

  @Test
  void a_job_called_twice_in_one_transaction_runs_twice() {
    int before = invocations.count(Export.KEY);

    batch.exportTwice();

    assertEquals(2, invocations.count(Export.KEY) - before, "runs");
  }

  @Test
  void two_locks_on_one_key_in_one_transaction_run_under_one_lock() throws Exception {
    String tag = "locked-" + id;

    batch.lockTwice("same-key-" + id, tag);

    assertEquals(2, invocations.count(tag), "both works ran");
  }
}
