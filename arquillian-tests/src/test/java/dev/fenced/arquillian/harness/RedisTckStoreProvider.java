package dev.fenced.arquillian.harness;

import dev.fenced.tck.arquillian.FencedLibrary;
import dev.fenced.testservers.RedisTestServer;
import dev.fenced.tck.support.TckStoreProvider;
import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jboss.shrinkwrap.api.ArchivePaths;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * The Redis store in the TCK deployments, when {@code fenced.tck.store=redis}: adds {@code
 * fenced-redis-store.jar}, {@code fenced-store-support.jar} (its bean's skeleton) and the client libraries the servers lack (Jedis, commons-pool2,
 * org.json, Gson, redis-authx-core), and selects {@code redis} for both stores on the test Redis
 * ({@link RedisTestServer}: {@code FENCED_TEST_REDIS_URL}, else Testcontainers, else the embedded
 * binary), or on a Redis Cluster of the run's own ({@link RedisTckTopology}), under a key prefix of
 * this run's own.
 *
 * <p>Jedis logs through SLF4J's API. WildFly gives every deployment its own (its logging
 * subsystem); Open Liberty gives applications none, so on Liberty ({@code
 * arquillian.launch=liberty}) the WAR carries {@code slf4j-api} too, as an application there must.
 */
public final class RedisTckStoreProvider implements TckStoreProvider {

  /**
   * A class of {@code fenced-redis-store}: its code source is the store's jar or classes folder.
   */
  static final String ANCHOR = "dev.fenced.store.redis.RedisStoreBean";

  /** One class of each runtime dependency of the store that the server does not provide. */
  static final List<String> DEPENDENCIES =
      List.of(
          "redis.clients.jedis.UnifiedJedis",
          "org.apache.commons.pool2.ObjectPool",
          "org.json.JSONObject",
          "com.google.gson.Gson",
          "redis.clients.authentication.core.TokenListener");

  /** SLF4J's API, which Open Liberty does not give applications. */
  static final String LIBERTY_DEPENDENCY = "org.slf4j.LoggerFactory";

  /** The key prefix of this run: keeps its records and locks apart from other runs'. */
  public static final String KEY_PREFIX = "fenced-tck-" + TckStores.RUN + ":";

  @Override
  public void prepare(WebArchive archive) {
    if (!TckStores.selected("redis")) {
      return;
    }
    addTo(archive);
  }

  /** Adds the store's jar and its client libraries, unless the store's jar is there already. */
  public static void addTo(WebArchive archive) {
    if (archive.contains(ArchivePaths.create("WEB-INF/lib", "fenced-redis-store.jar"))) {
      return;
    }
    archive.addAsLibrary(FencedLibrary.jar("fenced-redis-store.jar", ANCHOR));
    FencedLibrary.addStoreSupport(archive);
    for (String anchor : DEPENDENCIES) {
      archive.addAsLibrary(jarOf(anchor));
    }
    if ("liberty".equals(System.getProperty("arquillian.launch"))) {
      archive.addAsLibrary(jarOf(LIBERTY_DEPENDENCY));
    }
  }

  @Override
  public Map<String, String> configuration() {
    if (!TckStores.selected("redis")) {
      return Map.of();
    }
    return Map.of(
        "fenced.idempotency.store",
        "redis",
        "fenced.locks.store",
        "redis",
        "fenced.redis.url",
        RedisTckTopology.url(),
        "fenced.redis.key-prefix",
        KEY_PREFIX);
  }

  private static File jarOf(String anchorClass) {
    try {
      Class<?> anchor =
          Class.forName(anchorClass, false, RedisTckStoreProvider.class.getClassLoader());
      return Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI()).toFile();
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(
          anchorClass + " is not on the test class path: a runtime dependency of the Redis store",
          e);
    } catch (URISyntaxException e) {
      throw new IllegalStateException("Unusable code source of " + anchorClass, e);
    }
  }
}
