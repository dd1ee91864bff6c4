package dev.fenced.store.jpa;

import dev.fenced.DeploymentProblem;
import dev.fenced.idempotency.spi.ClaimEndSignals;
import dev.fenced.idempotency.spi.CompletionWithWork;
import dev.fenced.store.spi.CombinedStore;
import dev.fenced.store.spi.Readiness;
import dev.fenced.store.spi.StoreReadiness;
import dev.fenced.store.support.StoreBean;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.literal.NamedLiteral;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import javax.sql.DataSource;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The one CDI bean named {@code jpa}: both stores, selected by {@code fenced.idempotency.store=jpa}
 * and {@code fenced.locks.store=jpa} (Fenced looks it up by type and name). It carries the
 * qualifier {@link FencedJpa}, so it never answers an unqualified {@code @Inject IdempotencyStore}
 * or {@code LockStore}.
 *
 * <p>The stores are built on first use ({@link StoreBean}: deploying the jar without selecting it
 * costs nothing) from an {@link EntityManagerFactory} CDI bean the application produces: the one
 * named by {@value #PERSISTENCE_UNIT} ({@code @Named}), or the default one:
 *
 * <pre>{@code
 * @ApplicationScoped
 * public class FencedPersistence {
 *   @PersistenceUnit(unitName = "orders")
 *   EntityManagerFactory orders;
 *
 *   @Produces @Named("orders")
 *   EntityManagerFactory orders() {
 *     return orders;
 *   }
 * }
 * }</pre>
 *
 * <p>A producer method, not a {@code @Produces @Named @PersistenceUnit} field: CDI forbids a name
 * on a resource producer field (Weld: WELD-001516).
 *
 * <p>With {@value #DATASOURCE}, the JNDI name of a datasource (e.g. {@code
 * java:jboss/datasources/FencedDS}), the stores need no persistence unit: each call is one round
 * trip on a connection taken outside the caller's JTA transaction, which {@link
 * RequiresNewTransactions#outside} suspends, and an outcome recorded with the work runs on a
 * connection enlisted in the caller's transaction.
 *
 * <p>A JTA unit runs every call in a new transaction through {@link RequiresNewTransactions}
 * ({@code @Transactional(REQUIRES_NEW)}); a {@code RESOURCE_LOCAL} unit uses its own {@code
 * EntityTransaction} per call. As a {@link CombinedStore}, its one {@code release(key, owner)}
 * releases whichever the owner holds ({@link JpaStore}). On a JTA unit it also records outcomes in
 * the caller's transaction ({@link CompletionWithWork}, {@code
 * fenced.idempotency.commit=with-work}).
 *
 * <p>It wakes waiting duplicates ({@link ClaimEndSignals}, {@code LISTEN}/{@code NOTIFY}) on one
 * connection of its own: from the datasource {@value #DATASOURCE} names, or from the datasource the
 * persistence unit's properties name ({@code jakarta.persistence.jtaDataSource}, a JNDI name or the
 * datasource). A unit that names none does not signal; its duplicates poll the store. The listening
 * connection is closed when the application stops.
 *
 * <p>{@value StoreSettings#QUERY_TIMEOUT} bounds every statement (default {@value
 * StoreSettings#DEFAULT_QUERY_TIMEOUT_MILLIS} ms); {@value FencedTables#TABLE_PREFIX} (default
 * {@value FencedTables#DEFAULT_PREFIX}) and {@value FencedTables#SCHEMA} (default: the search path)
 * say where the tables are. An invalid value fails the deployment, naming the key.
 */
@ApplicationScoped
@Named("jpa")
@FencedJpa
public class JpaStoreBean extends StoreBean<JpaStore>
    implements CompletionWithWork, ClaimEndSignals, StoreReadiness {

  /** The config key naming the persistence unit's {@code EntityManagerFactory} bean. */
  public static final String PERSISTENCE_UNIT = "fenced.jpa.persistence-unit";

  /**
   * The config key giving the JNDI name of a datasource for the store's calls (plain JDBC, one
   * round trip per call); when set, no persistence unit is needed and {@value #PERSISTENCE_UNIT} is
   * not read.
   */
  public static final String DATASOURCE = "fenced.jpa.datasource";

  @Inject Instance<EntityManagerFactory> factories;
  @Inject RequiresNewTransactions requiresNew;

  /** For CDI. */
  public JpaStoreBean() {}

  /**
   * Reads {@value StoreSettings#QUERY_TIMEOUT}, {@value FencedTables#TABLE_PREFIX} and {@value
   * FencedTables#SCHEMA} when the application starts, so that an invalid value fails the deployment
   * rather than the first store call.
   *
   * @param started the application context's start
   */
  static void validateSettings(@Observes @Initialized(ApplicationScoped.class) Object started) {
    settings();
    dataSourceSharing();
  }

  /**
   * Completes the record in the caller's JTA transaction, on a new entity manager of the store's
   * persistence unit joined to it. The store's datasource must be the one the caller's work uses
   * (or both XA): a second non-XA resource cannot join the transaction.
   *
   * @throws IllegalStateException when the persistence unit is {@code RESOURCE_LOCAL} or no
   *     transaction is active
   */
  @Override
  public boolean completeWithWork(String key, String owner, byte[] payload, long ttlMillis) {
    return store().completeWithWork(key, owner, payload, ttlMillis);
  }

  /**
   * Watches for the end of a claim ({@link JpaIdempotencyStore#watch}).
   *
   * @throws dev.fenced.store.spi.StoreUnavailableException when the store cannot listen: its
   *     listening connection is down, or its persistence unit names no datasource
   */
  @Override
  public ClaimWatch watch(String key, Runnable wakeUp) {
    return store().watch(key, wakeUp);
  }

  /** Stops listening for the end of claims when the application stops. */
  @PreDestroy
  void close() {
    closeStore(JpaStore::close);
  }

  @Override
  public boolean markCommitted(String key, String owner, long ttlMillis, long lockTtlMillis) {
    return store().markCommitted(key, owner, ttlMillis, lockTtlMillis);
  }

  /**
   * Ready when PostgreSQL answers within the query timeout and the Fenced tables, column and
   * sequence are in the configured schema, or on the persistence unit's search path; {@link
   * Readiness.State#UNAVAILABLE} when the database cannot be reached; {@link
   * Readiness.State#NOT_SET_UP} when the unit's {@code EntityManagerFactory} is missing or an
   * object is missing (the reason names them, the detail {@code ddl} creates them).
   */
  @Override
  public Readiness readiness() {
    return readinessOnceOpen(JpaStore::readiness);
  }

  /**
   * Deletes expired idempotency records, {@code limit} per statement and transaction, until none is
   * left; a record taken over meanwhile stays. Call it from a scheduled job, e.g. hourly under
   * {@code @OnOneInstance}: reads never delete expired rows.
   *
   * @param limit the most rows one {@code DELETE} removes, positive
   * @return how many records were deleted
   */
  public int pruneIdempotencyRecords(int limit) {
    return pruneIdempotencyRecords(limit, Duration.ZERO);
  }

  /**
   * {@link #pruneIdempotencyRecords(int)}, waiting {@code pause} after each full batch, so that the
   * requests beside a long prune get the database between its batches; an interrupt during a pause
   * ends the prune with the records deleted so far.
   *
   * @param limit the most rows one {@code DELETE} removes, positive
   * @param pause the wait between two batches, zero or positive
   * @return how many records were deleted
   */
  public int pruneIdempotencyRecords(int limit, Duration pause) {
    return store().pruneRecords(limit, pause);
  }

  /**
   * Deletes expired locks, {@code limit} per statement and transaction, until none is left. Fencing
   * tokens keep growing: they come from a sequence, not from the rows.
   *
   * @param limit the most rows one {@code DELETE} removes, positive
   * @return how many locks were deleted
   */
  public int pruneLocks(int limit) {
    return pruneLocks(limit, Duration.ZERO);
  }

  /**
   * {@link #pruneLocks(int)}, waiting {@code pause} after each full batch; an interrupt during a
   * pause ends the prune with the locks deleted so far.
   *
   * @param limit the most rows one {@code DELETE} removes, positive
   * @param pause the wait between two batches, zero or positive
   * @return how many locks were deleted
   */
  public int pruneLocks(int limit, Duration pause) {
    return store().pruneLocks(limit, pause);
  }

  @Override
  protected JpaStore open() {
    try {
      StoreSettings settings = settings();
      Optional<DataSource> dataSource = dataSource();
      if (dataSource.isPresent()) {
        return new JpaStore(
            new DataSourceStatements(
                dataSource.get(), outsideTransactions(), settings, dataSourceSharing()),
            settings,
            recordsWithWork(),
            JpaIdempotencyStore.listener(
                Optional.of(ListeningConnections.of(dataSource.get())), settings));
      }
      EntityManagerFactory factory = factory();
      return new JpaStore(
          new PersistenceUnitStatements(transactions(factory), settings),
          settings,
          recordsWithWork(),
          JpaIdempotencyStore.listener(ListeningConnections.of(factory), settings));
    } catch (RuntimeException e) {
      // EclipseLink logs in when the first EntityManager is created: a dead database fails here
      throw StoreFailures.translate("opening the persistence unit", e);
    }
  }

  /**
   * The datasource {@value #DATASOURCE} names, looked up in JNDI, if set.
   *
   * @throws IllegalStateException naming the key when JNDI has no datasource of that name
   */
  private static Optional<DataSource> dataSource() {
    Optional<String> name =
        ConfigProvider.getConfig()
            .getOptionalValue(DATASOURCE, String.class)
            .map(String::strip)
            .filter(value -> !value.isEmpty());
    if (name.isEmpty()) {
      return Optional.empty();
    }
    try {
      return Optional.of((DataSource) new InitialContext().lookup(name.get()));
    } catch (NamingException | ClassCastException e) {
      throw new IllegalStateException(
          DATASOURCE
              + "="
              + name.get()
              + " names no datasource in JNDI ("
              + e
              + "): give the JNDI name of a datasource on the database of the Fenced tables, e.g."
              + " java:jboss/datasources/FencedDS (WildFly) or jdbc/FencedDS (Open Liberty)",
          e);
    }
  }

  /** Each call on the datasource with the caller's JTA transaction suspended. */
  private DataSourceStatements.Detached outsideTransactions() {
    RequiresNewTransactions runner = requiresNew;
    return new DataSourceStatements.Detached() {
      @Override
      public <T> T run(Supplier<T> call) {
        return runner.outside(call);
      }
    };
  }

  private StoreTransactions transactions(EntityManagerFactory factory) {
    if (requiresNew.isJta(factory)) {
      RequiresNewTransactions runner = requiresNew;
      return new StoreTransactions() {
        @Override
        public <T> T inNewTransaction(Function<EntityManager, T> work) {
          return runner.call(factory, work);
        }

        @Override
        public <T> T inCallersTransaction(Function<EntityManager, T> work) {
          EntityManager em = factory.createEntityManager();
          try {
            em.joinTransaction();
            return work.apply(em);
          } finally {
            em.close(); // an application-managed manager stays usable until the transaction ends
          }
        }
      };
    }
    return new ResourceLocalTransactions(factory);
  }

  /**
   * Whether this store records outcomes with the work: {@code fenced.idempotency.commit=with-work}
   * and {@code fenced.idempotency.store=jpa}. Fenced fails the deployment on any other value of the
   * first ({@code FENCED-D103}), so only this one is read here.
   */
  private static boolean recordsWithWork() {
    return configured("fenced.idempotency.commit", "with-work")
        && configured("fenced.idempotency.store", "jpa");
  }

  private static boolean configured(String key, String value) {
    return ConfigProvider.getConfig()
        .getOptionalValue(key, String.class)
        .map(String::strip)
        .filter(value::equalsIgnoreCase)
        .isPresent();
  }

  private static DataSourceSharing dataSourceSharing() {
    return DataSourceSharing.read(
        key -> ConfigProvider.getConfig().getOptionalValue(key, String.class).orElse(null));
  }

  private static StoreSettings settings() {
    return StoreSettings.read(
        key -> ConfigProvider.getConfig().getOptionalValue(key, String.class).orElse(null));
  }

  private EntityManagerFactory factory() {
    Optional<String> unit =
        ConfigProvider.getConfig()
            .getOptionalValue(PERSISTENCE_UNIT, String.class)
            .map(String::strip)
            .filter(name -> !name.isEmpty());
    Instance<EntityManagerFactory> found =
        unit.isPresent() ? factories.select(NamedLiteral.of(unit.get())) : factories;
    if (!found.isResolvable()) {
      throw new IllegalStateException(
          DeploymentProblem.JPA_ENTITY_MANAGER_FACTORY_MISSING.format(
              found.isAmbiguous() ? "exactly one" : "an",
              unit.map(name -> " named \"" + name + "\" (" + PERSISTENCE_UNIT + ")").orElse(""),
              PERSISTENCE_UNIT));
    }
    return found.get();
  }
}
