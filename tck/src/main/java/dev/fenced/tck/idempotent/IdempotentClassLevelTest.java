package dev.fenced.tck.idempotent;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.tck.idempotent.classlevel.CartResource;
import dev.fenced.tck.support.Http;
import dev.fenced.tck.support.Reply;
import java.net.URL;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code @Idempotent} on a resource class guards its POST, PUT, PATCH and DELETE methods; a GET
 * only with its own annotation.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class IdempotentClassLevelTest {

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return Deployments.war("idempotent-class-level").classes(CartResource.class).build();
  }

  @ArquillianResource URL base;

  private Http http;
  private String tag;
  private String key;

  @BeforeEach
  void client() {
    http = new Http(base);
    tag = Http.unique("classlevel");
    key = Http.unique("key");
  }

  private void assertGuarded(String method, String path, int status) {
    Reply first = http.send(method, path + "?tag=" + tag, key, null, null);
    Reply repeat = http.send(method, path + "?tag=" + tag, key, null, null);

    assertAll(
        method + " " + repeat.describe(),
        () -> assertEquals(status, first.status(), first::describe),
        () -> assertEquals(status, repeat.status()),
        () -> assertTrue(repeat.replayed(), "replayed"),
        () -> assertEquals("{\"run\":1}", repeat.text()),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }

  @Test
  void a_post_of_an_annotated_class_is_guarded() {
    assertGuarded("POST", "carts", 201);
  }

  @Test
  void a_put_of_an_annotated_class_is_guarded() {
    assertGuarded("PUT", "carts", 200);
  }

  @Test
  void a_patch_of_an_annotated_class_is_guarded() {
    assertGuarded("PATCH", "carts", 200);
  }

  @Test
  void a_delete_of_an_annotated_class_is_guarded() {
    assertGuarded("DELETE", "carts", 200);
  }

  @Test
  void a_get_of_an_annotated_class_is_not_guarded() {
    Reply first = http.send("GET", "carts?tag=" + tag, key, null, null);
    Reply second = http.send("GET", "carts?tag=" + tag, key, null, null);

    assertAll(
        second.describe(),
        () -> assertEquals(200, first.status(), first::describe),
        () -> assertEquals(200, second.status()),
        () -> assertFalse(second.replayed(), "not replayed"),
        () -> assertEquals("{\"run\":2}", second.text()),
        () -> assertEquals(2, http.invocations(tag), "runs"));
  }

  @Test
  void a_get_with_its_own_annotation_is_guarded() {
    assertGuarded("GET", "carts/audited", 200);
  }
}
