package dev.fenced.tck.idempotent;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.tck.idempotent.storeif.CaptureFailed;
import dev.fenced.tck.idempotent.storeif.CaptureFailedMapper;
import dev.fenced.tck.idempotent.storeif.ReservationResource;
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
 * {@code storeIf = StoreIf.SUCCESS} releases a 4xx, so the retry runs; a 2xx is still stored. A
 * status listed in {@code storeStatuses}, and the response made from an exception listed in {@code
 * storeOn}, are stored and replayed whatever their status.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class IdempotentStoreIfTest {

  private static final String SEAT = "{\"seat\":\"12A\"}";

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return Deployments.war("idempotent-store-if")
        .classes(ReservationResource.class, CaptureFailed.class, CaptureFailedMapper.class)
        .build();
  }

  @ArquillianResource URL base;

  private Http http;
  private String tag;
  private String key;

  @BeforeEach
  void client() {
    http = new Http(base);
    tag = Http.unique("storeif");
    key = Http.unique("key");
  }

  @Test
  void with_store_if_success_a_4xx_releases_the_key_so_the_retry_runs_again() {
    Reply refused = http.post("reservations?tag=" + tag, key, SEAT);
    Reply retry = http.post("reservations?tag=" + tag, key, SEAT);

    assertAll(
        retry.describe(),
        () -> assertEquals(409, refused.status(), refused::describe),
        () -> assertEquals(201, retry.status()),
        () -> assertFalse(retry.replayed(), "not replayed"),
        () -> assertEquals(2, http.invocations(tag), "runs"));
  }

  @Test
  void with_store_if_success_a_2xx_is_still_stored_and_replayed() {
    http.post("reservations?tag=" + tag, key, SEAT);
    Reply retry = http.post("reservations?tag=" + tag, key, SEAT);
    Reply repeat = http.post("reservations?tag=" + tag, key, SEAT);

    assertAll(
        repeat.describe(),
        () -> assertEquals(201, repeat.status()),
        () -> assertTrue(repeat.replayed(), "replayed"),
        () -> assertEquals(retry.text(), repeat.text()),
        () -> assertEquals(2, http.invocations(tag), "runs"));
  }

  @Test
  void a_5xx_listed_in_store_statuses_is_stored_and_replayed() {
    Reply first = http.post("reservations/gateway?tag=" + tag, key, SEAT);
    Reply repeat = http.post("reservations/gateway?tag=" + tag, key, SEAT);

    assertAll(
        repeat.describe(),
        () -> assertEquals(502, first.status(), first::describe),
        () -> assertEquals(502, repeat.status()),
        () -> assertTrue(repeat.replayed(), "replayed"),
        () -> assertEquals(first.text(), repeat.text()),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }

  @Test
  void the_response_mapped_from_an_exception_listed_in_store_on_is_stored_whatever_its_status() {
    Reply first = http.post("reservations/captured?tag=" + tag, key, SEAT);
    Reply repeat = http.post("reservations/captured?tag=" + tag, key, SEAT);

    assertAll(
        repeat.describe(),
        () -> assertEquals(503, first.status(), first::describe),
        () -> assertEquals("{\"error\":\"captured in run 1\"}", first.text()),
        () -> assertEquals(503, repeat.status()),
        () -> assertTrue(repeat.replayed(), "replayed"),
        () -> assertEquals(first.text(), repeat.text()),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }
}
