package dev.fenced.store.jpa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;

import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.testservers.PostgresServer;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Three services in one database: two on the search path with their own prefixes, one in a schema
 * of its own. Each claims the same idempotency key, takes the same lock, fences the same resource:
 * none sees another's record, lock, fencing token or high-water mark. Real PostgreSQL, Hibernate.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TwoServicesTest {

  private static final String SHARED = "fenced_two_services";
  private static final String OWN = "fenced_two_services_own";
  private static final Duration TIMEOUT = Duration.ofSeconds(5);

  private final FencedTables orders = FencedTables.withPrefix("orders_");
  private final FencedTables billing = FencedTables.withPrefix("billing_");
  private final FencedTables shipping = FencedTables.DEFAULT.inSchema(OWN);
  private EntityManagerFactory unit;

  @BeforeAll
  void createTheTablesOfEachService() {
    TestSchemas.recreate(SHARED);
    TestSchemas.recreate(OWN);
    TestSchemas.run("SET search_path TO " + SHARED + ";\n" + orders.ddl() + billing.ddl());
    TestSchemas.run(shipping.ddl());
    // one unit whose search path is the shared schema: orders and billing find their tables there
    unit =
        TestSchemas.open(
            PostgresServerConnections.with(
                PostgresServer.get().jdbcUrl(), "currentSchema=" + SHARED));
  }

  @AfterAll
  void dropThem() {
    if (unit != null) {
      unit.close();
    }
    TestSchemas.drop(SHARED, OWN);
  }

  @Test
  void each_service_claims_the_same_key_and_replays_only_its_own_outcome() {
    List<FencedTables> services = List.of(orders, billing, shipping);
    for (FencedTables service : services) {
      JpaIdempotencyStore store = new JpaIdempotencyStore(unit, TIMEOUT, service);
      assertThat(store.acquire("payment-42", "owner", "fp-" + service.prefix(), 60_000))
          .isInstanceOf(AcquireResult.Acquired.class);
      assertThat(store.complete("payment-42", "owner", bytes(service.toString()), 60_000)).isTrue();
    }

    for (FencedTables service : services) {
      AcquireResult replay =
          new JpaIdempotencyStore(unit, TIMEOUT, service).acquire("payment-42", "x", "fp", 60_000);
      assertThat(replay).isInstanceOf(AcquireResult.Completed.class);
      assertThat(((AcquireResult.Completed) replay).payload()).isEqualTo(bytes(service.toString()));
    }
  }

  @Test
  void each_service_takes_the_same_lock_with_its_own_tokens() {
    JpaLockStore ordersLocks = new JpaLockStore(unit, TIMEOUT, orders);
    JpaLockStore billingLocks = new JpaLockStore(unit, TIMEOUT, billing);
    JpaLockStore shippingLocks = new JpaLockStore(unit, TIMEOUT, shipping);

    for (int i = 0; i < 3; i++) {
      ordersLocks.acquire("nightly-export", "a" + i, 60_000).orElseThrow();
      assertThat(ordersLocks.release("nightly-export", "a" + i)).isTrue();
    }
    long ordersToken = ordersLocks.acquire("nightly-export", "a", 60_000).orElseThrow();
    long billingToken = billingLocks.acquire("nightly-export", "b", 60_000).orElseThrow();
    long shippingToken = shippingLocks.acquire("nightly-export", "c", 60_000).orElseThrow();

    // each sequence draws on its own: orders' acquisitions did not raise the others' tokens
    assertThat(ordersToken).isGreaterThan(3);
    assertThat(billingToken).isEqualTo(1);
    assertThat(shippingToken).isEqualTo(1);
    assertThat(ordersLocks.acquire("nightly-export", "b", 60_000)).isEmpty();
    assertThat(ordersLocks.release("nightly-export", "b")).isFalse();
    assertThat(billingLocks.renew("nightly-export", "b", 60_000)).isTrue();
    assertThat(shippingLocks.release("nightly-export", "c")).isTrue();
    assertThat(ordersLocks.renew("nightly-export", "a", 60_000)).isTrue();
  }

  @Test
  void each_service_fences_the_same_resource_with_its_own_high_water_mark() {
    EntityManager em = unit.createEntityManager();
    try {
      em.getTransaction().begin();
      PostgresFence.on(em).withTables(orders).admit("ledger", 100);
      // billing's and shipping's marks are their own: a lower token is not stale for them
      assertThatNoException()
          .isThrownBy(() -> PostgresFence.on(em).withTables(billing).admit("ledger", 7));
      assertThatNoException()
          .isThrownBy(() -> PostgresFence.on(em).withTables(shipping).admit("ledger", 3));
      em.getTransaction().commit();
    } finally {
      em.close();
    }
  }

  @Test
  void each_service_is_ready_on_its_own_tables() {
    for (FencedTables service : List.of(orders, billing, shipping)) {
      JpaStore store =
          new JpaStore(
              new ResourceLocalTransactions(unit), StoreSettings.DEFAULTS.withTables(service));
      assertThat(store.readiness().ready()).as(store.readiness().reason()).isTrue();
      assertThat(store.readiness().details()).containsEntry("table-prefix", service.prefix());
    }
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
