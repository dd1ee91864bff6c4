package dev.fenced.arquillian;

import dev.fenced.arquillian.harness.RedisTckStoreProvider;
import dev.fenced.arquillian.stores.TwinResource;
import dev.fenced.store.redis.RedisIdempotencyStore;
import dev.fenced.testservers.RedisTestServer;
import java.net.URL;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.ConnectionPoolConfig;
import redis.clients.jedis.JedisPooled;

/**
 * Runs in the {@code redis} cells: the HTTP overhead of {@code @Idempotent} on the Redis store
 * ({@link HttpOverhead}): the guarded endpoint beside its undecorated twin, first requests and
 * replays, and the store's own acquire + complete from the test JVM ({@link RedisIdempotencyStore}
 * on a Jedis pool to the cell's Redis, under the run's key prefix). The deployment is the cell's:
 * the store on the test Redis ({@link RedisTckStoreProvider}).
 *
 * <p>With the build's small defaults it checks that the measurement works; the figures come from a
 * run like this one (WildFly; {@code -pl arquillian-tests/liberty} for Open Liberty), whose table
 * lands in {@code arquillian-tests/wildfly/target/http-overhead-wildfly-redis.md}:
 *
 * <pre>
 * ./mvnw -B verify -pl arquillian-tests/wildfly -Dtest=none \
 *   -Dsurefire.failIfNoSpecifiedTests=false -Dfenced.memory.skip -Dfenced.jpa.skip \
 *   -Dfenced.redis-cluster.skip -Dit.test=RedisStoreHttpOverheadIT -Dfenced.http.rounds=3 \
 *   -Dfenced.http.connections=8 -Dfenced.http.warmup=500 -Dfenced.http.requests=3000
 * </pre>
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class RedisStoreHttpOverheadIT {

  private static final HttpOverhead.Settings SETTINGS = HttpOverhead.Settings.read();

  /** The payment twins' datasource on a database of their own, declared in {@code web.xml}. */
  @Deployment(testable = false)
  static WebArchive deployment() {
    OwnDatabase payments = OwnDatabase.create("fenced_http_payments");
    HttpOverhead.createPaymentsTable(payments);
    return WebXmlDataSource.on(
        HttpOverhead.deployment("redis-store-http-overhead-it").build(),
        WebXmlDataSource.webXml(
            WebXmlDataSource.dataSource(
                TwinResource.PAYMENTS,
                payments.port(),
                payments.name(),
                payments.user(),
                payments.password(),
                Map.of(),
                SETTINGS.connections(),
                Math.max(4, SETTINGS.connections()))));
  }

  @ArquillianResource URL base;

  @Test
  void the_idempotent_endpoint_and_its_undecorated_twin_are_measured_side_by_side()
      throws Exception {
    ConnectionPoolConfig pool = new ConnectionPoolConfig();
    pool.setMaxTotal(SETTINGS.connections());
    pool.setMaxIdle(SETTINGS.connections());
    try (JedisPooled redis = new JedisPooled(pool, RedisTestServer.get().url())) {
      HttpOverhead overhead =
          HttpOverhead.measure(
              base, new RedisIdempotencyStore(redis, RedisTckStoreProvider.KEY_PREFIX), SETTINGS);

      overhead.report("redis", "Redis store");
      overhead.assertEveryKindMeasured();
    }
  }
}
