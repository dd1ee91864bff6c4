package dev.fenced.tck.idempotent;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fenced.ErrorCode;
import dev.fenced.tck.idempotent.keyformat.AccountResource;
import dev.fenced.tck.support.Http;
import dev.fenced.tck.support.Reply;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A key that is not 1 to 255 printable ASCII characters (after unquoting) gets 400 {@code
 * IDEMPOTENCY_KEY_INVALID} and the method does not run. Keys with bytes {@code HttpClient} will not
 * send as they are go over a plain socket.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class IdempotentKeyInvalidTest {

  private static final String ACCOUNT = "{\"owner\":\"ada\"}";

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return Deployments.war("idempotent-key-invalid").classes(AccountResource.class).build();
  }

  @ArquillianResource URL base;

  private Http http;
  private String tag;

  @BeforeEach
  void client() {
    http = new Http(base);
    tag = Http.unique("invalid");
  }

  private Reply open(String key) {
    return http.post("accounts?tag=" + tag, key, ACCOUNT);
  }

  private void assertRefusedWithoutRunning(Reply reply) {
    assertAll(
        () -> Problems.assertProblem(reply, ErrorCode.IDEMPOTENCY_KEY_INVALID),
        () -> assertEquals(0, http.invocations(tag), "runs"));
  }

  private static String keyOfLength(int length) {
    StringBuilder key = new StringBuilder(Http.unique("k"));
    while (key.length() < length) {
      key.append((char) ('a' + key.length() % 26));
    }
    return key.substring(0, length);
  }

  @Test
  void a_key_of_256_characters_gets_400_idempotency_key_invalid() {
    assertRefusedWithoutRunning(open(keyOfLength(256)));
  }

  @Test
  void a_key_of_255_characters_is_accepted() {
    Reply reply = open(keyOfLength(255));

    assertEquals(201, reply.status(), reply::describe);
    assertEquals(1, http.invocations(tag));
  }

  @Test
  void a_quoted_key_of_256_characters_gets_400() {
    assertRefusedWithoutRunning(open("\"" + keyOfLength(256) + "\""));
  }

  @Test
  void an_empty_key_gets_400() {
    assertRefusedWithoutRunning(open(""));
  }

  @Test
  void an_empty_quoted_key_gets_400() {
    assertRefusedWithoutRunning(open("\"\""));
  }

  @Test
  void a_key_with_a_non_ascii_character_gets_400() {
    byte[] key = (Http.unique("caf\u00e9")).getBytes(StandardCharsets.UTF_8);

    assertRefusedWithoutRunning(http.sendRaw("POST", "accounts?tag=" + tag, key, ACCOUNT));
  }

  // A horizontal tab is no use here: servers may fold it into a space before the application
  // sees the header (WildFly's Undertow does), which leaves a valid key.
  @Test
  void a_key_with_a_control_character_gets_400() {
    byte[] key = ("ab\u0001cd-" + Http.unique("k")).getBytes(StandardCharsets.US_ASCII);

    assertRefusedWithoutRunning(http.sendRaw("POST", "accounts?tag=" + tag, key, ACCOUNT));
  }

  @Test
  void a_key_with_the_delete_character_gets_400() {
    byte[] key = ("ab\u007fcd-" + Http.unique("k")).getBytes(StandardCharsets.US_ASCII);

    assertRefusedWithoutRunning(http.sendRaw("POST", "accounts?tag=" + tag, key, ACCOUNT));
  }
}
