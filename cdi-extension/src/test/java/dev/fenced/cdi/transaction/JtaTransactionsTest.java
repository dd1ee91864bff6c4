package dev.fenced.cdi.transaction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class JtaTransactionsTest {

  private final FakeRegistry registry = new FakeRegistry();

  @Test
  void a_transaction_in_an_unknown_state_is_awaited_not_taken_for_no_transaction() {
    registry.status = Status.STATUS_UNKNOWN;

    assertThat(new JtaTransactions(() -> registry).status()).isEqualTo(Transactions.Status.ACTIVE);
  }

  @Test
  void a_committing_transaction_is_awaited() {
    registry.status = Status.STATUS_COMMITTING;

    assertThat(new JtaTransactions(() -> registry).status()).isEqualTo(Transactions.Status.ACTIVE);
  }

  @Test
  void no_registry_means_no_transaction() {
    assertThat(new JtaTransactions(() -> null).status()).isEqualTo(Transactions.Status.NONE);
  }

  @Test
  void a_registry_not_found_on_one_thread_is_looked_up_again_at_the_next_call() {
    AtomicInteger lookups = new AtomicInteger();
    JtaTransactions transactions =
        new JtaTransactions(() -> lookups.incrementAndGet() == 1 ? null : registry);
    registry.status = Status.STATUS_ACTIVE;

    assertThat(transactions.status()).isEqualTo(Transactions.Status.NONE);
    assertThat(transactions.status()).isEqualTo(Transactions.Status.ACTIVE);
    assertThat(transactions.status()).isEqualTo(Transactions.Status.ACTIVE);
    assertThat(lookups).hasValue(2);
  }

  @Test
  void the_callback_hears_whether_the_transaction_committed() {
    List<Boolean> heard = new ArrayList<>();
    JtaTransactions transactions = new JtaTransactions(() -> registry);

    transactions.afterCompletion(heard::add);
    transactions.afterCompletion(heard::add);
    registry.synchronizations.get(0).afterCompletion(Status.STATUS_COMMITTED);
    registry.synchronizations.get(1).afterCompletion(Status.STATUS_ROLLEDBACK);

    assertThat(heard).containsExactly(true, false);
  }

  @Test
  void a_callback_that_throws_after_completion_does_not_reach_the_transaction_manager() {
    new JtaTransactions(() -> registry)
        .afterCompletion(
            committed -> {
              throw new IllegalStateException("store down");
            });

    assertThatCode(() -> registry.synchronizations.get(0).afterCompletion(Status.STATUS_COMMITTED))
        .doesNotThrowAnyException();
  }

  @Test
  void marking_rollback_only_reaches_the_registry_and_the_status_follows() {
    registry.status = Status.STATUS_ACTIVE;
    JtaTransactions transactions = new JtaTransactions(() -> registry);

    transactions.setRollbackOnly();

    assertThat(registry.getRollbackOnly()).isTrue();
    assertThat(transactions.status()).isEqualTo(Transactions.Status.ROLLBACK_ONLY);
  }

  @Test
  void marking_rollback_only_without_a_registry_is_refused() {
    JtaTransactions transactions = new JtaTransactions(() -> null);

    assertThatThrownBy(transactions::setRollbackOnly).isInstanceOf(IllegalStateException.class);
  }

  private static final class FakeRegistry implements TransactionSynchronizationRegistry {
    int status = Status.STATUS_NO_TRANSACTION;
    final List<Synchronization> synchronizations = new ArrayList<>();

    @Override
    public Object getTransactionKey() {
      return status == Status.STATUS_NO_TRANSACTION ? null : "tx";
    }

    @Override
    public void putResource(Object key, Object value) {}

    @Override
    public Object getResource(Object key) {
      return null;
    }

    @Override
    public void registerInterposedSynchronization(Synchronization sync) {
      synchronizations.add(sync);
    }

    @Override
    public int getTransactionStatus() {
      return status;
    }

    @Override
    public void setRollbackOnly() {
      status = Status.STATUS_MARKED_ROLLBACK;
    }

    @Override
    public boolean getRollbackOnly() {
      return status == Status.STATUS_MARKED_ROLLBACK;
    }
  }
}
