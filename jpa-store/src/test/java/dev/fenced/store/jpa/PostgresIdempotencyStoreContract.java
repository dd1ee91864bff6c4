package dev.fenced.store.jpa;

import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.tck.store.IdempotencyStoreContract;
import dev.fenced.tck.support.PostgresServer;
import jakarta.persistence.EntityManagerFactory;
import java.time.Duration;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;

/**
 * The idempotency contract on PostgreSQL through one JPA provider, a pool of {@value
 * Provider#POOL_SIZE} and at least twice as many racing callers; a subclass names the provider.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class PostgresIdempotencyStoreContract extends IdempotencyStoreContract {

  private final Provider provider;
  private final Function<PostgresServer, String> database;
  private EntityManagerFactory factory;
  private JpaIdempotencyStore store;

  PostgresIdempotencyStoreContract(Provider provider) {
    this(provider, PostgresServer::jdbcUrl);
  }

  /**
   * @param provider the JPA provider
   * @param database the JDBC URL of the database to run on, given the test server
   */
  PostgresIdempotencyStoreContract(Provider provider, Function<PostgresServer, String> database) {
    this.provider = provider;
    this.database = database;
  }

  @BeforeAll
  void open() {
    PostgresServer server = PostgresServer.get();
    String url = database.apply(server);
    Schema.apply(server, url);
    factory = provider.open(server, url);
    store = new JpaIdempotencyStore(factory);
  }

  @AfterAll
  void close() {
    if (factory != null) {
      factory.close();
    }
  }

  @Override
  protected IdempotencyStore store() {
    return store;
  }

  @Override
  protected Duration shortTtl() {
    return Duration.ofMillis(500);
  }

  @Override
  protected Duration slack() {
    return Duration.ofMillis(250);
  }

  @Override
  protected int concurrency() {
    return Math.max(2 * Provider.POOL_SIZE, super.concurrency());
  }
}
