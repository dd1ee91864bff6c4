package dev.fenced.arquillian;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.arquillian.harness.RedisTckStoreProvider;
import dev.fenced.arquillian.stores.GuardedResource;
import dev.fenced.arquillian.stores.StoresApplication;
import dev.fenced.tck.support.TckDeployment;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URL;
import java.net.http.HttpResponse;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs in the {@code wildfly-redis} cell: a deployment whose {@code fenced.redis.url} points at a
 * closed port deploys (nothing connects at startup), and a guarded request gets 503 {@code
 * IDEMPOTENCY_STORE_UNAVAILABLE} from the real Redis store's {@code StoreUnavailableException}:
 * Fenced fails closed in the server. The method does not run: its own counter, read from an
 * unguarded endpoint, stays at zero.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class RedisStoreUnreachableIT {

  @Deployment(testable = false)
  static WebArchive deployment() {
    WebArchive war =
        TckDeployment.war("redis-store-unreachable-it")
            .classes(StoresApplication.class, GuardedResource.class)
            .config("fenced.idempotency.store", "redis")
            .config("fenced.locks.store", "redis")
            .config("fenced.redis.url", "redis://127.0.0.1:" + closedPort())
            .config("fenced.redis.timeout", "500ms")
            .config("fenced.redis.pool.max-wait", "500ms")
            .build();
    RedisTckStoreProvider.addTo(war);
    return war;
  }

  @ArquillianResource URL base;

  @Test
  void a_guarded_request_gets_503_idempotency_store_unavailable() {
    HttpResponse<String> reply = StoreHttp.postOrder(base, StoreHttp.uniqueKey());

    assertThat(reply.statusCode()).as(reply.body()).isEqualTo(503);
    assertThat(reply.headers().firstValue("Content-Type"))
        .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
    assertThat(reply.body()).contains("\"code\"").contains("\"IDEMPOTENCY_STORE_UNAVAILABLE\"");
  }

  @Test
  void a_second_request_fails_the_same_way_and_the_method_never_runs() {
    String key = StoreHttp.uniqueKey();
    HttpResponse<String> first = StoreHttp.postOrder(base, key);
    HttpResponse<String> second = StoreHttp.postOrder(base, key);

    assertThat(first.statusCode()).isEqualTo(503);
    assertThat(second.statusCode()).isEqualTo(503);
    assertThat(StoreHttp.runs(base)).isZero();
  }

  /** A port nothing listens on: taken from the system, then given back. */
  private static int closedPort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
