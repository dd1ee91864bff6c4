package dev.fenced.arquillian;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.arquillian.harness.RedisTckStoreProvider;
import dev.fenced.arquillian.stores.GuardedResource;
import dev.fenced.arquillian.stores.OwnRedisClient;
import dev.fenced.arquillian.stores.StoresApplication;
import dev.fenced.testservers.RedisTestServer;
import dev.fenced.tck.support.TckDeployment;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * Runs in the Redis cells: an application that produces its own {@code @FencedRedis} client and
 * leaves {@code fenced.redis.url} unset deploys, and Fenced keeps its records through that client
 * (its connections, named by the application, are the ones that reach Redis).
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class RedisStoreOwnClientIT {

  private static final String CLIENT_NAME = "fenced-own-client-" + UUID.randomUUID();

  @Deployment(testable = false)
  static WebArchive deployment() {
    return TckDeployment.war("redis-store-own-client-it")
        .classes(StoresApplication.class, GuardedResource.class, OwnRedisClient.class)
        // an empty value is no value for MicroProfile Config: the store gets no URL
        .config("fenced.redis.url", "")
        .config(OwnRedisClient.URL_KEY, RedisTestServer.get().url().toString())
        .config(OwnRedisClient.CLIENT_NAME_KEY, CLIENT_NAME)
        .build();
  }

  @ArquillianResource URL base;

  @Test
  void fenced_keeps_its_records_through_the_applications_own_client() {
    String key = StoreHttp.uniqueKey();

    HttpResponse<String> first = StoreHttp.postOrder(base, key);
    HttpResponse<String> repeat = StoreHttp.postOrder(base, key);

    assertThat(first.statusCode()).as(first.body()).isEqualTo(201);
    assertThat(repeat.body()).isEqualTo(first.body());
    URI url = RedisTestServer.get().url();
    try (Jedis redis = new Jedis(url.getHost(), url.getPort())) {
      assertThat(recordNames(redis, key)).hasSize(1);
      assertThat(redis.clientList()).contains("name=" + CLIENT_NAME);
    }
  }

  /** The names of the records whose key holds {@code key}, under the run's prefix. */
  private static List<String> recordNames(Jedis redis, String key) {
    ScanParams match =
        new ScanParams().match(RedisTckStoreProvider.KEY_PREFIX + "idem:*" + key + "*").count(1000);
    List<String> names = new ArrayList<>();
    String cursor = ScanParams.SCAN_POINTER_START;
    do {
      ScanResult<String> page = redis.scan(cursor, match);
      names.addAll(page.getResult());
      cursor = page.getCursor();
    } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
    return names;
  }
}
