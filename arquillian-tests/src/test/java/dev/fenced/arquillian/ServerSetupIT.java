package dev.fenced.arquillian;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.arquillian.setup.Counted;
import dev.fenced.arquillian.setup.CountingInterceptor;
import dev.fenced.arquillian.setup.FlakyService;
import dev.fenced.arquillian.setup.Greeting;
import dev.fenced.arquillian.setup.GreetingResource;
import dev.fenced.arquillian.setup.Heartbeat;
import dev.fenced.arquillian.setup.Invocations;
import dev.fenced.arquillian.setup.SetupApplication;
import dev.fenced.tck.arquillian.FencedArquillianExtension;
import dev.fenced.tck.arquillian.FencedLibrary;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Proves that the server the tests run on has what Fenced needs, in one deployment: JAX-RS, a CDI
 * interceptor enabled by {@code @Priority}, MP Fault Tolerance, EJB timers, MP Config, and Fenced's
 * own jars (added by {@link FencedArquillianExtension}). Runs in the server unless marked {@code
 * RunAsClient}; in-container tests use JUnit's assertions, which Arquillian ships to the server.
 */
@ExtendWith(ArquillianExtension.class)
class ServerSetupIT {

  private static final String GREETING = "hello from microprofile-config.properties";
  private static final Duration TIMER_WAIT = Duration.ofSeconds(15);
  private static final String HEALTH_URL = "fenced.health.url";

  @Deployment
  public static WebArchive deployment() {
    return ShrinkWrap.create(WebArchive.class, "server-setup.war")
        .addClasses(
            SetupApplication.class,
            GreetingResource.class,
            Greeting.class,
            Invocations.class,
            Counted.class,
            CountingInterceptor.class,
            FlakyService.class,
            Heartbeat.class)
        .addAsResource(
            new StringAsset(Greeting.KEY + "=" + GREETING + "\n"),
            "META-INF/microprofile-config.properties");
  }

  @Inject Invocations invocations;
  @Inject FlakyService flaky;
  @Inject Greeting greeting;

  @Test
  @RunAsClient
  void a_jax_rs_resource_answers_a_get_request(@ArquillianResource URL base) throws Exception {
    HttpResponse<String> response = get(URI.create(base + "api/greeting"));

    assertEquals(200, response.statusCode(), response::body);
    assertEquals(GREETING, response.body());
  }

  @Test
  @RunAsClient
  void microprofile_health_reports_the_server_ready() throws Exception {
    String url = System.getProperty(HEALTH_URL);
    assertNotNull(url, "the Maven profile sets the system property " + HEALTH_URL);

    HttpResponse<String> response = get(URI.create(url));

    assertEquals(200, response.statusCode(), response::body);
    assertTrue(response.body().contains("\"UP\""), response::body);
  }

  @Test
  void retry_calls_the_method_again_inside_one_call_of_the_priority_interceptor() {
    String result = flaky.succeedAfterTwoFailures();

    int attempts = FlakyService.FAILING_ATTEMPTS + 1;
    assertAll(
        () -> assertEquals("succeeded on attempt " + attempts, result),
        () -> assertEquals(attempts, invocations.count("attempt:succeedAfterTwoFailures")),
        // the interceptor is enabled, and runs outside MP FT's (smaller priority): it sees one call
        () -> assertEquals(1, invocations.count("invoke:succeedAfterTwoFailures")));
  }

  @Test
  void the_ejb_timer_fires_every_second_through_the_interceptors_around_timeout()
      throws InterruptedException {
    long deadline = System.nanoTime() + TIMER_WAIT.toNanos();
    while ((invocations.count("heartbeat") < 2 || invocations.count("timeout:beat") < 2)
        && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }

    int beats = invocations.count("heartbeat");
    int intercepted = invocations.count("timeout:beat");
    assertAll(
        () -> assertTrue(beats >= 2, "timer went off " + beats + " times in " + TIMER_WAIT),
        () -> assertTrue(intercepted >= 2, "@AroundTimeout saw " + intercepted + " timeouts"));
  }

  @Test
  void a_microprofile_config_property_is_injected() {
    assertEquals(GREETING, greeting.text());
  }

  @Test
  void fenced_api_and_engine_classes_load_from_the_deployment_itself() throws Exception {
    ClassLoader deployment = getClass().getClassLoader();

    for (String name :
        new String[] {
          FencedLibrary.API_ANCHOR, FencedLibrary.CORE_ANCHOR, FencedLibrary.CDI_ANCHOR
        }) {
      assertSame(deployment, Class.forName(name, false, deployment).getClassLoader(), name);
    }
    assertThrows(
        ClassNotFoundException.class,
        () -> Class.forName("dev.fenced.tck.store.LockStoreContract", false, deployment),
        "the TCK stays out of the deployment");
  }

  private static HttpResponse<String> get(URI uri) throws Exception {
    return HttpClient.newHttpClient()
        .send(
            HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
            HttpResponse.BodyHandlers.ofString());
  }
}
