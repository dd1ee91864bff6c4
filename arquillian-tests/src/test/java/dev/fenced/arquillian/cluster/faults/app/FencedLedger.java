package dev.fenced.arquillian.cluster.faults.app;

import dev.fenced.arquillian.cluster.app.Member;
import dev.fenced.locks.StaleFencingTokenException;
import dev.fenced.store.jpa.PostgresFence;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/**
 * The fault suite's fenced resource: the table {@value #TABLE} in the database of the server's JTA
 * datasource {@code FencedDS}. Each write is a JTA transaction of its own that admits the writer's
 * fencing token with {@link PostgresFence} on that datasource before it inserts, so a write with a
 * stale token rolls back whole. The transaction bounds its own idle time, as the guide advises: a
 * writer frozen inside it releases the resource's row after a second.
 */
@ApplicationScoped
public class FencedLedger {

  /** The fenced resource's name. */
  public static final String RESOURCE = "ledger";

  /** The table of the writes the resource took. */
  public static final String TABLE = "fenced_ledger";

  @Inject Member member;

  private DataSource datasource;

  @PostConstruct
  void open() {
    datasource = member.datasource();
  }

  /**
   * Writes one entry, admitted by the resource's fence first.
   *
   * @param attempt the attempt's id
   * @param member the member writing
   * @param token the writer's fencing token
   * @throws StaleFencingTokenException when a newer token wrote: nothing is written
   */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public void write(String attempt, String member, long token) {
    try {
      try (Connection connection = datasource.getConnection();
          Statement statement = connection.createStatement()) {
        statement.execute("SET LOCAL idle_in_transaction_session_timeout = 1000");
      }
      PostgresFence.on(datasource).admit(RESOURCE, token);
      try (Connection connection = datasource.getConnection();
          PreparedStatement insert =
              connection.prepareStatement(
                  "INSERT INTO " + TABLE + " (attempt, member, token) VALUES (?, ?, ?)")) {
        insert.setString(1, attempt);
        insert.setString(2, member);
        insert.setLong(3, token);
        insert.executeUpdate();
      }
    } catch (SQLException e) {
      throw new IllegalStateException("cannot write to the ledger", e);
    }
  }
}
