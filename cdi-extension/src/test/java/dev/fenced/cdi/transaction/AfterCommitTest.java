package dev.fenced.cdi.transaction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;

import jakarta.transaction.Status;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AfterCommitTest {

  private final FakeTransactions transactions = new FakeTransactions();
  private final Transactions afterCommit = new JtaTransactions(() -> transactions);
  private final List<Boolean> heard = new ArrayList<>();

  @Test
  void runs_at_once_as_committed_without_a_registry() {
    new JtaTransactions(() -> null).whenDone(heard::add);

    assertThat(heard).containsExactly(true);
  }

  @Test
  void the_registry_is_looked_up_until_found_and_then_kept() {
    List<String> lookups = new ArrayList<>();
    List<FakeTransactions> answers = new ArrayList<>(List.of());
    Transactions registry =
        new JtaTransactions(
            () -> {
              lookups.add("lookup");
              return answers.isEmpty() ? null : answers.get(0);
            });

    assertThat(registry.status()).isEqualTo(Transactions.Status.NONE);
    answers.add(transactions);
    transactions.begin();
    assertThat(registry.status()).isEqualTo(Transactions.Status.ACTIVE);
    answers.set(0, new FakeTransactions());
    assertThat(registry.status()).isEqualTo(Transactions.Status.ACTIVE);

    assertThat(lookups).hasSize(2);
  }

  @Test
  void runs_at_once_as_committed_without_a_transaction() {
    afterCommit.whenDone(heard::add);

    assertThat(heard).containsExactly(true);
  }

  @Test
  void waits_for_an_active_transaction_and_hears_its_commit() {
    transactions.begin();

    afterCommit.whenDone(heard::add);
    assertThat(heard).isEmpty();

    transactions.end(Status.STATUS_COMMITTED);
    assertThat(heard).containsExactly(true);
  }

  @Test
  void hears_a_rollback_as_not_committed() {
    transactions.begin();
    afterCommit.whenDone(heard::add);

    transactions.end(Status.STATUS_ROLLEDBACK);

    assertThat(heard).containsExactly(false);
  }

  @Test
  void treats_a_transaction_marked_for_rollback_as_not_committed_at_once() {
    transactions.begin();
    transactions.setRollbackOnly();

    afterCommit.whenDone(heard::add);

    assertThat(heard).containsExactly(false);
  }

  @Test
  void keeps_a_failing_action_from_breaking_the_transaction_end() {
    transactions.begin();
    afterCommit.whenDone(
        committed -> {
          throw new IllegalStateException("store refused");
        });

    assertThatNoException().isThrownBy(() -> transactions.end(Status.STATUS_COMMITTED));
  }
}
