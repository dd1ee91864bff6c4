package dev.fenced.arquillian;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.arquillian.encryption.CardResource;
import dev.fenced.arquillian.encryption.EncryptedDeployment;
import dev.fenced.arquillian.harness.RedisTckStoreProvider;
import dev.fenced.testservers.RedisTestServer;
import java.net.URL;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
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
 * Runs in the redis cells only: with encryption at rest on, the hash Redis holds for a completed
 * request, read with {@code HGET}, has a sealed {@code v1.} envelope and no text of the body.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class RedisStoreEncryptedRecordIT {

  @Deployment(testable = false)
  static WebArchive deployment() {
    return EncryptedDeployment.war("redis-store-encrypted-it");
  }

  @ArquillianResource URL base;

  @Test
  void the_stored_payload_read_with_hget_is_sealed_and_holds_no_text_of_the_body() {
    String key = StoreHttp.uniqueKey();

    HttpResponse<String> first =
        StoreHttp.post(base, "api/cards", key, "{\"holder\":\"A. Reader\"}");
    HttpResponse<String> repeat =
        StoreHttp.post(base, "api/cards", key, "{\"holder\":\"A. Reader\"}");

    assertThat(first.statusCode()).as(first.body()).isEqualTo(201);
    assertThat(first.body()).contains(CardResource.SECRET);
    assertThat(repeat.body()).isEqualTo(first.body());
    List<String> payloads = payloadsOf(key);
    assertThat(payloads).hasSize(1);
    assertThat(payloads.get(0)).startsWith("v1.").doesNotContain(CardResource.SECRET, "\"card\"");
  }

  private static List<String> payloadsOf(String idempotencyKey) {
    try (JedisPooled redis = new JedisPooled(RedisTestServer.get().url())) {
      ScanParams match =
          new ScanParams()
              .match(RedisTckStoreProvider.KEY_PREFIX + "idem:*" + idempotencyKey + "*")
              .count(1000);
      List<String> payloads = new ArrayList<>();
      String cursor = ScanParams.SCAN_POINTER_START;
      do {
        ScanResult<String> page = redis.scan(cursor, match);
        for (String hash : page.getResult()) {
          byte[] payload =
              redis.hget(
                  hash.getBytes(StandardCharsets.UTF_8),
                  "payload".getBytes(StandardCharsets.UTF_8));
          payloads.add(new String(payload, StandardCharsets.ISO_8859_1));
        }
        cursor = page.getCursor();
      } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
      return payloads;
    }
  }
}
