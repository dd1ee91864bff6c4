package dev.fenced.tck.idempotent;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.tck.idempotent.validation.Booking;
import dev.fenced.tck.idempotent.validation.BookingResource;
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
 * A 400 the server's Bean Validation gives a {@code @Valid} body is stored as any 4xx: a repeat
 * with the same key gets it replayed, and the method never runs.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class IdempotentBeanValidationTest {

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return Deployments.war("idempotent-bean-validation")
        .classes(BookingResource.class, Booking.class)
        .build();
  }

  @ArquillianResource URL base;

  private Http http;
  private String tag;

  @BeforeEach
  void client() {
    http = new Http(base);
    tag = Http.unique("validation");
  }

  @Test
  void an_invalid_body_gets_400_from_bean_validation_and_a_repeat_gets_it_replayed() {
    String key = Http.unique("booking");
    String invalid = "{\"guest\":\"\",\"nights\":0}";

    Reply first = http.post("bookings?tag=" + tag, key, invalid);
    Reply repeat = http.post("bookings?tag=" + tag, key, invalid);

    assertAll(
        repeat.describe(),
        () -> assertEquals(400, first.status(), first::describe),
        () -> assertFalse(first.replayed(), "the first is not a replay"),
        () -> assertEquals(400, repeat.status()),
        () -> assertTrue(repeat.replayed(), "replayed"),
        () -> assertEquals(first.text(), repeat.text(), "the stored body"),
        () -> assertEquals(0, http.invocations(tag), "runs"));
  }

  @Test
  void a_valid_body_passes_bean_validation_and_runs() {
    Reply booked =
        http.post(
            "bookings?tag=" + tag, Http.unique("booking"), "{\"guest\":\"Ada\",\"nights\":2}");

    assertAll(
        booked.describe(),
        () -> assertEquals(201, booked.status(), booked::describe),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }
}
