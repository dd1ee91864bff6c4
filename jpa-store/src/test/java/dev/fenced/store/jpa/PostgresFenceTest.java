package dev.fenced.store.jpa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.ErrorCode;
import dev.fenced.locks.StaleFencingTokenException;
import dev.fenced.store.spi.StoreUnavailableException;
import dev.fenced.testservers.PostgresServer;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.RollbackException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link PostgresFence} admits a write with a fencing token in the writer's own transaction, on the
 * writer's own entity manager (Hibernate, EclipseLink) or JDBC connection: a token lower than the
 * resource's high-water mark is refused and nothing of its transaction commits.
 */
class PostgresFenceTest {

  @RegisterExtension static final ProviderUnits UNITS = new ProviderUnits();

  @BeforeAll
  static void createTheWritesTable() throws SQLException {
    try (Connection connection = connect();
        Statement statement = connection.createStatement()) {
      statement.execute(
          "CREATE TABLE IF NOT EXISTS fence_test_writes (resource text NOT NULL, token bigint NOT"
              + " NULL)");
    }
  }

  /** How a writer reaches the database: an entity manager of each provider, or plain JDBC. */
  enum Writer {
    HIBERNATE,
    ECLIPSELINK,
    JDBC;

    /** A transaction of this writer, begun. */
    WriterTransaction begin() throws SQLException {
      return this == JDBC
          ? new JdbcTransaction(connect())
          : new EntityManagerTransaction(UNITS.get(Provider.valueOf(name())));
    }
  }

  @ParameterizedTest
  @EnumSource(Writer.class)
  void a_token_not_below_the_mark_is_admitted_again_and_again_and_raises_it(Writer writer)
      throws Exception {
    String resource = resource();
    for (long token : new long[] {3, 3, 5, 5}) {
      try (WriterTransaction tx = writer.begin()) {
        tx.fence().admit(resource, token);
        tx.write(resource, token);
        tx.commit();
      }
    }
    assertThat(writes(resource)).containsExactly(3L, 3L, 5L, 5L);
    assertThat(mark(resource)).hasValue(5);
  }

  @ParameterizedTest
  @EnumSource(Writer.class)
  void a_lower_token_is_refused_and_nothing_of_its_transaction_commits(Writer writer)
      throws Exception {
    String resource = resource();
    try (WriterTransaction tx = writer.begin()) {
      tx.fence().admit(resource, 5);
      tx.commit();
    }
    try (WriterTransaction stale = writer.begin()) {
      stale.write(resource, 4);
      assertThatThrownBy(() -> stale.fence().admit(resource, 4))
          .isInstanceOfSatisfying(
              StaleFencingTokenException.class,
              e -> {
                assertThat(e.code()).isEqualTo(ErrorCode.FENCING_TOKEN_STALE);
                assertThat(e.resource()).isEqualTo(resource);
                assertThat(e.fencingToken()).isEqualTo(4);
                assertThat(e.getMessage()).contains(resource, "4", "rolls back");
              });
      stale.endAfterRefusal();
    }
    assertThat(writes(resource)).isEmpty();
    assertThat(mark(resource)).hasValue(5);
  }

  @ParameterizedTest
  @EnumSource(Writer.class)
  void the_mark_rolls_back_with_the_writers_transaction(Writer writer) throws Exception {
    String resource = resource();
    try (WriterTransaction tx = writer.begin()) {
      tx.fence().admit(resource, 9);
      tx.rollback();
    }
    try (WriterTransaction tx = writer.begin()) {
      tx.fence().admit(resource, 7);
      tx.write(resource, 7);
      tx.commit();
    }
    assertThat(writes(resource)).containsExactly(7L);
    assertThat(mark(resource)).hasValue(7);
  }

  @ParameterizedTest
  @EnumSource(Writer.class)
  void a_lower_token_waits_for_a_higher_ones_open_transaction_and_is_refused_when_it_commits(
      Writer writer) throws Exception {
    String resource = resource();
    try (WriterTransaction newer = writer.begin()) {
      newer.fence().admit(resource, 10);
      newer.write(resource, 10);
      CompletableFuture<Void> older =
          CompletableFuture.runAsync(() -> writeOrFail(writer, resource, 8));
      Thread.sleep(500);
      assertThat(older).as("the older writer, behind the newer one's open transaction").isNotDone();
      newer.commit();
      assertThatThrownBy(() -> older.get(10, TimeUnit.SECONDS))
          .isInstanceOf(ExecutionException.class)
          .hasCauseInstanceOf(StaleFencingTokenException.class);
    }
    assertThat(writes(resource)).containsExactly(10L);
  }

  @ParameterizedTest
  @EnumSource(Writer.class)
  void a_lower_token_waiting_on_a_higher_one_that_rolls_back_is_admitted(Writer writer)
      throws Exception {
    String resource = resource();
    try (WriterTransaction newer = writer.begin()) {
      newer.fence().admit(resource, 10);
      CompletableFuture<Void> older =
          CompletableFuture.runAsync(() -> writeOrFail(writer, resource, 8));
      Thread.sleep(500);
      assertThat(older).isNotDone();
      newer.rollback();
      older.get(10, TimeUnit.SECONDS);
    }
    assertThat(writes(resource)).containsExactly(8L);
    assertThat(mark(resource)).hasValue(8);
  }

  @ParameterizedTest
  @EnumSource(Writer.class)
  void a_writer_waiting_past_the_query_timeout_fails_closed(Writer writer) throws Exception {
    String resource = resource();
    try (WriterTransaction holder = writer.begin()) {
      holder.fence().admit(resource, 3);
      try (WriterTransaction waiting = writer.begin()) {
        long start = System.nanoTime();
        assertThatThrownBy(
                () -> waiting.fence().withQueryTimeout(Duration.ofSeconds(1)).admit(resource, 4))
            .isInstanceOf(StoreUnavailableException.class);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
        waiting.rollback();
      }
      holder.commit();
    }
    assertThat(mark(resource)).hasValue(3);
  }

  @Test
  void an_entity_manager_without_a_transaction_is_refused() {
    EntityManager em = UNITS.get(Provider.HIBERNATE).createEntityManager();
    try {
      assertThatIllegalStateException()
          .isThrownBy(() -> PostgresFence.on(em).admit(resource(), 1))
          .withMessageContaining("needs the transaction of the write it guards");
    } finally {
      em.close();
    }
  }

  @Test
  void an_auto_commit_connection_is_refused_and_raises_nothing() throws Exception {
    String resource = resource();
    try (Connection connection = connect()) {
      assertThat(connection.getAutoCommit()).isTrue();
      assertThatIllegalStateException()
          .isThrownBy(() -> PostgresFence.on(connection).admit(resource, 1))
          .withMessageContaining("auto-commit off");
    }
    assertThat(mark(resource)).isEmpty();
  }

  @Test
  void a_resource_or_token_out_of_range_is_refused_before_anything_is_written() throws Exception {
    try (WriterTransaction tx = Writer.JDBC.begin()) {
      PostgresFence fence = tx.fence();
      assertThatIllegalArgumentException().isThrownBy(() -> fence.admit("", 1));
      assertThatIllegalArgumentException().isThrownBy(() -> fence.admit("x".repeat(256), 1));
      assertThatIllegalArgumentException().isThrownBy(() -> fence.admit("a\u0000b", 1));
      assertThatIllegalArgumentException().isThrownBy(() -> fence.admit("ledger", 0));
      assertThatThrownBy(() -> fence.admit(null, 1)).isInstanceOf(NullPointerException.class);
      tx.rollback();
    }
  }

  @Test
  void a_paused_holders_write_is_refused_once_another_instance_took_its_lock_over()
      throws Exception {
    JpaLockStore locks = new JpaLockStore(UNITS.get(Provider.HIBERNATE));
    String key = "fence-lock:" + UUID.randomUUID();
    String resource = resource();
    OptionalLong paused = locks.acquire(key, "paused", 200);
    Thread.sleep(400); // the paused holder's lease expires on the store's clock
    OptionalLong taker = locks.acquire(key, "taker", 60_000);
    assertThat(paused).isPresent();
    assertThat(taker).isPresent();

    writeOrFail(Writer.HIBERNATE, resource, taker.getAsLong());
    assertThatThrownBy(() -> writeOrFail(Writer.ECLIPSELINK, resource, paused.getAsLong()))
        .isInstanceOf(StaleFencingTokenException.class);
    assertThat(writes(resource)).containsExactly(taker.getAsLong());
  }

  /** One whole write: admit, insert, commit; a refusal rolls back and is rethrown. */
  private static void writeOrFail(Writer writer, String resource, long token) {
    try (WriterTransaction tx = writer.begin()) {
      try {
        tx.fence().admit(resource, token);
      } catch (StaleFencingTokenException e) {
        tx.endAfterRefusal();
        throw e;
      }
      tx.write(resource, token);
      tx.commit();
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String resource() {
    return "fence-test:" + UUID.randomUUID();
  }

  private static Connection connect() throws SQLException {
    PostgresServer server = PostgresServer.get();
    return PostgresServerConnections.connect(server, server.jdbcUrl());
  }

  private static List<Long> writes(String resource) throws SQLException {
    try (Connection connection = connect();
        PreparedStatement statement =
            connection.prepareStatement(
                "SELECT token FROM fence_test_writes WHERE resource = ? ORDER BY ctid")) {
      statement.setString(1, resource);
      List<Long> tokens = new ArrayList<>();
      try (ResultSet rows = statement.executeQuery()) {
        while (rows.next()) {
          tokens.add(rows.getLong(1));
        }
      }
      return tokens;
    }
  }

  private static OptionalLong mark(String resource) throws SQLException {
    try (Connection connection = connect();
        PreparedStatement statement =
            connection.prepareStatement("SELECT token FROM fenced_high_water WHERE resource = ?")) {
      statement.setString(1, resource);
      try (ResultSet rows = statement.executeQuery()) {
        return rows.next() ? OptionalLong.of(rows.getLong(1)) : OptionalLong.empty();
      }
    }
  }

  /** A writer's open transaction, with its fence and the guarded write. */
  interface WriterTransaction extends AutoCloseable {

    PostgresFence fence();

    void write(String resource, long token);

    void commit();

    void rollback();

    /** Ends the transaction after a refused admission, as the writer's container would. */
    void endAfterRefusal();

    @Override
    void close();
  }

  private static final class EntityManagerTransaction implements WriterTransaction {

    private final EntityManager em;

    EntityManagerTransaction(EntityManagerFactory factory) {
      em = factory.createEntityManager();
      em.getTransaction().begin();
    }

    @Override
    public PostgresFence fence() {
      return PostgresFence.on(em);
    }

    @Override
    public void write(String resource, long token) {
      em.createNativeQuery("INSERT INTO fence_test_writes (resource, token) VALUES (?1, ?2)")
          .setParameter(1, resource)
          .setParameter(2, token)
          .executeUpdate();
    }

    @Override
    public void commit() {
      em.getTransaction().commit();
    }

    @Override
    public void rollback() {
      em.getTransaction().rollback();
    }

    /**
     * The fence marked the transaction rollback-only: even a commit rolls it back (EclipseLink
     * throws {@code RollbackException}, Hibernate rolls back silently; the test reads the tables).
     */
    @Override
    public void endAfterRefusal() {
      assertThat(em.getTransaction().getRollbackOnly()).as("marked rollback-only").isTrue();
      try {
        em.getTransaction().commit();
      } catch (RollbackException expected) {
        // rolled back, as marked
      }
    }

    @Override
    public void close() {
      if (em.getTransaction().isActive()) {
        em.getTransaction().rollback();
      }
      em.close();
    }
  }

  private static final class JdbcTransaction implements WriterTransaction {

    private final Connection connection;

    JdbcTransaction(Connection connection) throws SQLException {
      this.connection = connection;
      connection.setAutoCommit(false);
    }

    @Override
    public PostgresFence fence() {
      return PostgresFence.on(connection);
    }

    @Override
    public void write(String resource, long token) {
      unchecked(
          () -> {
            try (PreparedStatement statement =
                connection.prepareStatement(
                    "INSERT INTO fence_test_writes (resource, token) VALUES (?, ?)")) {
              statement.setString(1, resource);
              statement.setLong(2, token);
              statement.executeUpdate();
            }
          });
    }

    @Override
    public void commit() {
      unchecked(connection::commit);
    }

    @Override
    public void rollback() {
      unchecked(connection::rollback);
    }

    /** On a plain connection the writer rolls back itself, as the exception says. */
    @Override
    public void endAfterRefusal() {
      rollback();
    }

    @Override
    public void close() {
      unchecked(connection::close);
    }

    private interface SqlWork {
      void run() throws SQLException;
    }

    private static void unchecked(SqlWork work) {
      try {
        work.run();
      } catch (SQLException e) {
        throw new IllegalStateException(e);
      }
    }
  }
}
