package dev.fenced.cdi.transaction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class TransactionUnitOfWorkTest {

  private final List<Consumer<Boolean>> registered = new ArrayList<>();
  private final AtomicInteger released = new AtomicInteger();
  private Transactions.Status status = Transactions.Status.NONE;
  private RuntimeException refusal;

  private final TransactionUnitOfWork unitOfWork =
      new TransactionUnitOfWork(
          new Transactions() {
            @Override
            public Status status() {
              return status;
            }

            @Override
            public void afterCompletion(Consumer<Boolean> committed) {
              if (refusal != null) {
                throw refusal;
              }
              registered.add(committed);
            }
          });

  @Test
  void inside_a_transaction_that_may_commit_the_release_waits_for_its_end_commit_or_rollback() {
    status = Transactions.Status.ACTIVE;

    assertThat(unitOfWork.runAtEnd(released::incrementAndGet)).isTrue();
    assertThat(unitOfWork.runAtEnd(released::incrementAndGet)).isTrue();
    assertThat(released).hasValue(0);

    registered.get(0).accept(true);
    registered.get(1).accept(false);
    assertThat(released).hasValue(2);
  }

  @Test
  void without_a_transaction_nothing_waits() {
    assertThat(unitOfWork.runAtEnd(released::incrementAndGet)).isFalse();
    assertThat(registered).isEmpty();
  }

  @Test
  void a_transaction_that_can_only_roll_back_is_not_waited_for() {
    status = Transactions.Status.ROLLBACK_ONLY;

    assertThat(unitOfWork.runAtEnd(released::incrementAndGet)).isFalse();
    assertThat(registered).isEmpty();
  }

  @Test
  void a_refused_synchronization_is_reported_to_the_caller_which_releases_at_once() {
    status = Transactions.Status.ACTIVE;
    refusal = new IllegalStateException("marked for rollback");

    assertThatThrownBy(() -> unitOfWork.runAtEnd(released::incrementAndGet)).isSameAs(refusal);
  }
}
