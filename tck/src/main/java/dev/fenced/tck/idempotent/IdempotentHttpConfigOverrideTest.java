package dev.fenced.tck.idempotent;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.ErrorCode;
import dev.fenced.tck.deployed.TckTimeouts;
import dev.fenced.tck.idempotent.config.ClassConfiguredResource;
import dev.fenced.tck.idempotent.config.ConfiguredResource;
import dev.fenced.tck.support.Http;
import dev.fenced.tck.support.Reply;
import java.net.URL;
import java.time.Duration;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code <class>/<method>/Idempotent/<member>} in {@code microprofile-config.properties} overrides
 * the annotation's member for that method only; {@code <class>/Idempotent/<member>} for every
 * method of the class, unless a method-level key says otherwise.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class IdempotentHttpConfigOverrideTest {

  private static final String PREFIX = ConfiguredResource.class.getName() + "/";
  private static final String CLASS_PREFIX = ClassConfiguredResource.class.getName() + "/";
  private static final String TTL = "2s";
  private static final Duration EXPIRY_WAIT = TckTimeouts.scaled(Duration.ofSeconds(20));
  private static final String BODY = "{\"n\":1}";

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return Deployments.war("idempotent-http-config-override")
        .classes(ConfiguredResource.class, ClassConfiguredResource.class)
        .config(PREFIX + "strict/Idempotent/required", "true")
        .config(PREFIX + "relaxed/Idempotent/required", "false")
        .config(PREFIX + "shortLived/Idempotent/ttl", TTL)
        .config(PREFIX + "traced/Idempotent/replayHeaders", ConfiguredResource.CONFIG_HEADER)
        .config(CLASS_PREFIX + "Idempotent/required", "true")
        .config(CLASS_PREFIX + "open/Idempotent/required", "false")
        .build();
  }

  @ArquillianResource URL base;

  private Http http;
  private String tag;
  private String key;

  @BeforeEach
  void client() {
    http = new Http(base);
    tag = Http.unique("config");
    key = Http.unique("key");
  }

  private Reply post(String path, String sentKey) {
    return http.post("configured/" + path + "?tag=" + tag, sentKey, BODY);
  }

  @Test
  void a_required_override_makes_a_keyless_request_get_400_idempotency_key_required() {
    Reply reply = post("strict", null);

    Problems.assertProblem(reply, ErrorCode.IDEMPOTENCY_KEY_REQUIRED);
    assertEquals(0, http.invocations(tag), "runs");
  }

  @Test
  void an_override_can_turn_a_required_key_off() {
    Reply reply = post("relaxed", null);

    assertEquals(201, reply.status(), reply::describe);
    assertEquals(1, http.invocations(tag), "runs");
  }

  @Test
  void a_method_without_an_override_keeps_its_annotation_values() {
    Reply keyless = post("plain", null);
    post("plain", key);
    Reply repeat = post("plain", key);

    assertAll(
        repeat.describe(),
        () -> assertEquals(201, keyless.status(), keyless::describe),
        () -> assertTrue(repeat.replayed(), "replayed"),
        () -> assertFalse(repeat.header(ConfiguredResource.CONFIG_HEADER).isPresent()));
  }

  @Test
  void a_replay_headers_override_replays_the_named_header() {
    Reply first = post("traced", key);
    Reply repeat = post("traced", key);

    assertAll(
        repeat.describe(),
        () -> assertTrue(repeat.replayed(), "replayed"),
        () -> assertTrue(first.header(ConfiguredResource.CONFIG_HEADER).isPresent()),
        () ->
            assertEquals(
                first.headerValues(ConfiguredResource.CONFIG_HEADER),
                repeat.headerValues(ConfiguredResource.CONFIG_HEADER)));
  }

  @Test
  void a_short_ttl_override_lets_the_same_key_run_again_once_the_record_expired()
      throws InterruptedException {
    Reply first = post("short-lived", key);
    Reply early = post("short-lived", key);
    assertEquals(201, first.status(), first::describe);
    assertTrue(early.replayed(), () -> "replayed within the ttl of " + TTL + ": " + early);

    long deadline = System.nanoTime() + EXPIRY_WAIT.toNanos();
    Reply later = post("short-lived", key);
    while (later.replayed() && System.nanoTime() < deadline) {
      Thread.sleep(200);
      later = post("short-lived", key);
    }

    Reply expired = later;
    assertAll(
        expired.describe(),
        () -> assertEquals(201, expired.status()),
        () -> assertFalse(expired.replayed(), "ran again within " + EXPIRY_WAIT),
        () -> assertEquals("{\"run\":2}", expired.text()),
        () -> assertEquals(2, http.invocations(tag), "runs"));
  }

  @Test
  void a_class_level_override_applies_to_the_methods_of_the_class() {
    Reply reply = http.post("class-configured/covered?tag=" + tag, null, BODY);

    Problems.assertProblem(reply, ErrorCode.IDEMPOTENCY_KEY_REQUIRED);
    assertEquals(0, http.invocations(tag), "runs");
  }

  @Test
  void a_method_level_override_wins_over_the_class_level_one() {
    Reply reply = http.post("class-configured/open?tag=" + tag, null, BODY);

    assertEquals(201, reply.status(), reply::describe);
    assertEquals(1, http.invocations(tag), "runs");
  }
}
