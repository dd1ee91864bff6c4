package dev.fenced.arquillian.harness;

import dev.fenced.testservers.RedisTestServer;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * Prepares the store {@code fenced.tck.store} selects before the first test class, i.e. before
 * Arquillian reads {@code arquillian.xml} and starts the server: for {@code jpa} the run's database
 * and the datasource's system properties ({@link PostgresTckDatabase}), for {@code redis} the test
 * Redis (started now when it is the embedded one), whose keys under the run's prefix are deleted
 * when the JVM exits, or the run's Redis Cluster ({@link RedisTckTopology}); and, when the run asks
 * for one, the {@link StoreLink} in front of it. Registered in {@code
 * META-INF/services/org.junit.platform.launcher.LauncherSessionListener}; Failsafe may open more
 * than one session per JVM (discovery, execution), so the work is done once per JVM and nothing is
 * torn down when a session closes.
 */
public final class TckStoresSessionListener implements LauncherSessionListener {

  /**
   * Set to {@code true} when a run on Redis needs the servers' {@code FencedDS} too (the fault
   * suite's fenced resource): it points at the run's schema, tables created, as with the JPA store.
   */
  static final String POSTGRES_DATASOURCE = "fenced.tck.postgres-datasource";

  private static boolean redisPrepared;

  @Override
  public void launcherSessionOpened(LauncherSession session) {
    if (TckStores.selected("jpa")) {
      PostgresTckDatabase.prepare();
      StoreLink.openForPostgres();
    } else if (TckStores.selected("redis") && RedisTckTopology.cluster()) {
      RedisTckTopology.url();
    } else if (TckStores.selected("redis")) {
      redisOnce();
      if (Boolean.getBoolean(POSTGRES_DATASOURCE)) {
        PostgresTckDatabase.prepare();
      }
    }
  }

  private static synchronized void redisOnce() {
    if (redisPrepared) {
      return;
    }
    redisPrepared = true;
    RedisTestServer server = RedisTestServer.get();
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(() -> deleteRunKeys(server), "fenced-tck-redis-cleanup-" + TckStores.RUN));
  }

  /** Deletes the run's keys (records, locks and token counters) when the JVM exits. */
  private static void deleteRunKeys(RedisTestServer server) {
    try (JedisPooled redis = new JedisPooled(server.url())) {
      ScanParams match = new ScanParams().match(RedisTckStoreProvider.KEY_PREFIX + "*").count(1000);
      String cursor = ScanParams.SCAN_POINTER_START;
      do {
        ScanResult<String> page = redis.scan(cursor, match);
        if (!page.getResult().isEmpty()) {
          redis.unlink(page.getResult().toArray(String[]::new));
        }
        cursor = page.getCursor();
      } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
    } catch (RuntimeException e) {
      System.getLogger(TckStoresSessionListener.class.getName())
          .log(System.Logger.Level.WARNING, "could not delete the TCK run's Redis keys", e);
    }
  }
}
