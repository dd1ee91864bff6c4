package dev.fenced.cdi.transaction;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class TransactionsStatusTest {

  /** Every constant of jakarta.transaction.Status, read from the class, by name. */
  private static Map<String, Integer> jtaStatuses() {
    return Arrays.stream(jakarta.transaction.Status.class.getFields())
        .filter(f -> Modifier.isStatic(f.getModifiers()) && f.getType() == int.class)
        .collect(
            Collectors.toMap(
                Field::getName, TransactionsStatusTest::value, (a, b) -> a, TreeMap::new));
  }

  private static int value(Field field) {
    try {
      return field.getInt(null);
    } catch (IllegalAccessException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void every_jta_status_is_classified_and_only_no_transaction_and_committed_wait_for_nothing() {
    Map<String, Transactions.Status> classified = new TreeMap<>();
    jtaStatuses().forEach((name, value) -> classified.put(name, Transactions.Status.ofJta(value)));

    assertThat(classified)
        .containsExactlyInAnyOrderEntriesOf(
            Map.of(
                "STATUS_ACTIVE", Transactions.Status.ACTIVE,
                "STATUS_MARKED_ROLLBACK", Transactions.Status.ROLLBACK_ONLY,
                "STATUS_PREPARED", Transactions.Status.ACTIVE,
                "STATUS_COMMITTED", Transactions.Status.NONE,
                "STATUS_ROLLEDBACK", Transactions.Status.ROLLBACK_ONLY,
                "STATUS_UNKNOWN", Transactions.Status.ACTIVE,
                "STATUS_NO_TRANSACTION", Transactions.Status.NONE,
                "STATUS_PREPARING", Transactions.Status.ACTIVE,
                "STATUS_COMMITTING", Transactions.Status.ACTIVE,
                "STATUS_ROLLING_BACK", Transactions.Status.ROLLBACK_ONLY));
  }

  @Test
  void a_status_no_server_should_report_is_awaited_rather_than_taken_for_no_transaction() {
    assertThat(Transactions.Status.ofJta(42)).isEqualTo(Transactions.Status.ACTIVE);
  }
}
