package dev.fenced.arquillian;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.arquillian.harness.RedisTckStoreProvider;
import dev.fenced.arquillian.stores.GuardedResource;
import dev.fenced.arquillian.stores.StoresApplication;
import dev.fenced.testservers.RedisTestServer;
import dev.fenced.tck.support.TckDeployment;
import java.net.URL;
import java.net.http.HttpResponse;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * Runs in the {@code wildfly-redis} cell only: proves that cell's deployments really keep their
 * records in the test Redis, under the run's key prefix, not in memory.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class RedisStoreIT {

  @Deployment(testable = false)
  static WebArchive deployment() {
    return TckDeployment.war("redis-store-it")
        .classes(StoresApplication.class, GuardedResource.class)
        .build();
  }

  @ArquillianResource URL base;

  @Test
  void a_guarded_request_leaves_its_record_in_redis_and_a_repeat_is_replayed() {
    long before = records();
    String key = StoreHttp.uniqueKey();

    HttpResponse<String> first = StoreHttp.postOrder(base, key);
    HttpResponse<String> repeat = StoreHttp.postOrder(base, key);

    assertThat(first.statusCode()).as(first.body()).isEqualTo(201);
    assertThat(repeat.statusCode()).isEqualTo(201);
    assertThat(repeat.body()).isEqualTo(first.body());
    assertThat(records()).isEqualTo(before + 1);
  }

  private static long records() {
    try (JedisPooled redis = new JedisPooled(RedisTestServer.get().url())) {
      ScanParams match =
          new ScanParams().match(RedisTckStoreProvider.KEY_PREFIX + "idem:*").count(1000);
      long count = 0;
      String cursor = ScanParams.SCAN_POINTER_START;
      do {
        ScanResult<String> page = redis.scan(cursor, match);
        count += page.getResult().size();
        cursor = page.getCursor();
      } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
      return count;
    }
  }
}
