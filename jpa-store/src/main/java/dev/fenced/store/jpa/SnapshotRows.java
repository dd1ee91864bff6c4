package dev.fenced.store.jpa;

import dev.fenced.admin.IdempotencyRecordSnapshot;
import dev.fenced.admin.IdempotencyRecordState;
import dev.fenced.admin.LockSnapshot;
import java.time.Duration;
import java.util.Optional;

/** Reads the rows of {@link AdministrationStatements} into snapshots. */
final class SnapshotRows {

  private SnapshotRows() {}

  /**
   * A record row: key, fingerprint, owner, state, milliseconds in flight, milliseconds left, and
   * the payload when the row has a seventh column.
   */
  static IdempotencyRecordSnapshot record(Object value) {
    Object[] row = Columns.row(value);
    IdempotencyRecordState state =
        switch ((int) Columns.number(row[3])) {
          case 1 -> IdempotencyRecordState.COMPLETED;
          case 2 -> IdempotencyRecordState.WORK_COMMITTED;
          default -> IdempotencyRecordState.IN_FLIGHT;
        };
    Optional<byte[]> payload =
        row.length > 6 && row[6] != null ? Optional.of(Columns.bytes(row[6])) : Optional.empty();
    return new IdempotencyRecordSnapshot(
        Columns.text(row[0]),
        state,
        Columns.text(row[1]),
        Optional.ofNullable(row[2]).map(Columns::text),
        Optional.ofNullable(row[4]).map(ms -> Duration.ofMillis(Columns.number(ms))),
        Duration.ofMillis(Columns.number(row[5])),
        payload);
  }

  /** A lock row: key, owner, token, milliseconds left. */
  static LockSnapshot lock(Object value) {
    Object[] row = Columns.row(value);
    return new LockSnapshot(
        Columns.text(row[0]),
        Columns.text(row[1]),
        Columns.number(row[2]),
        Duration.ofMillis(Columns.number(row[3])));
  }
}
