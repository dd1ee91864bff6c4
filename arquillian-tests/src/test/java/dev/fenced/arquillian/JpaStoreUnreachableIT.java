package dev.fenced.arquillian;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.arquillian.stores.GuardedResource;
import dev.fenced.arquillian.stores.StoresApplication;
import dev.fenced.tck.support.TckDeployment;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.URL;
import java.net.http.HttpResponse;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs in the {@code jpa} cells (WildFly on the datasource itself, Open Liberty through a
 * persistence unit on EclipseLink), and brings its store along, so it needs none of the cell's
 * PostgreSQL: the store runs on a JTA datasource of its own whose PostgreSQL port is closed (the
 * application's {@code web.xml} defines it, the driver travels in the WAR), so every store call
 * fails to connect. A guarded request with a new key then gets 503 {@code
 * IDEMPOTENCY_STORE_UNAVAILABLE} problem+json and the method never runs: Fenced fails closed on the
 * real PostgreSQL store in both servers. The runs are counted by the resource itself and read from
 * an unguarded endpoint, not from the guarded replies.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class JpaStoreUnreachableIT {

  /** The datasource of the deployment, defined in its {@code web.xml}. */
  private static final String DATASOURCE = "java:app/jdbc/FencedUnreachableDS";

  @Deployment(testable = false)
  static WebArchive deployment() {
    // the providers need no connection to boot: Hibernate reads no metadata from the database
    return WebXmlDataSource.storeOn(
        TckDeployment.war("jpa-store-unreachable-it")
            .classes(StoresApplication.class, GuardedResource.class),
        DATASOURCE,
        webXml(closedPort()),
        Map.of("hibernate.boot.allow_jdbc_metadata_access", "false"));
  }

  @ArquillianResource URL base;

  @Test
  void a_new_key_gets_503_idempotency_store_unavailable_and_the_method_never_runs() {
    HttpResponse<String> reply = StoreHttp.postOrder(base, StoreHttp.uniqueKey());

    assertThat(reply.statusCode()).as(reply.body()).isEqualTo(503);
    assertThat(reply.headers().firstValue("Content-Type"))
        .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
    assertThat(reply.body()).contains("\"code\"").contains("\"IDEMPOTENCY_STORE_UNAVAILABLE\"");
    assertThat(StoreHttp.runs(base)).isZero();
  }

  @Test
  void a_repeat_of_the_key_fails_the_same_way_and_the_method_never_runs() {
    String key = StoreHttp.uniqueKey();

    HttpResponse<String> first = StoreHttp.postOrder(base, key);
    HttpResponse<String> repeat = StoreHttp.postOrder(base, key);

    assertThat(first.statusCode()).as(first.body()).isEqualTo(503);
    assertThat(repeat.statusCode()).as(repeat.body()).isEqualTo(503);
    assertThat(StoreHttp.runs(base)).isZero();
  }

  /** A JTA datasource on {@code port}, where nothing answers: each connect is refused at once. */
  private static String webXml(int port) {
    return WebXmlDataSource.webXml(
        WebXmlDataSource.dataSource(
            DATASOURCE, port, "test", "postgres", "postgres", Map.of("connectTimeout", "2"), 0, 4));
  }

  /** A loopback port nothing listens on: taken from the system, then given back. */
  private static int closedPort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
