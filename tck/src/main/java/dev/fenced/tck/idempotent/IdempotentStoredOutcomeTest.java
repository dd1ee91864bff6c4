package dev.fenced.tck.idempotent;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.fenced.tck.idempotent.stored.OutOfStockException;
import dev.fenced.tck.idempotent.stored.OutOfStockMapper;
import dev.fenced.tck.idempotent.stored.StockResource;
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
 * Outcomes below 500 are stored: a 4xx an {@code ExceptionMapper} produced, or one the method
 * returned, is replayed as it was sent and the method does not run again.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class IdempotentStoredOutcomeTest {

  private static final String ITEM = "{\"sku\":\"b-1\",\"quantity\":1}";

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return Deployments.war("idempotent-stored-outcome")
        .classes(StockResource.class, OutOfStockException.class, OutOfStockMapper.class)
        .build();
  }

  @ArquillianResource URL base;

  private Http http;
  private String tag;
  private String key;

  @BeforeEach
  void client() {
    http = new Http(base);
    tag = Http.unique("stored");
    key = Http.unique("key");
  }

  @Test
  void a_4xx_from_an_exception_mapper_is_replayed_with_its_status_headers_and_body() {
    Reply first = http.post("stock/reservations?tag=" + tag, key, ITEM);
    Reply repeat = http.post("stock/reservations?tag=" + tag, key, ITEM);

    assertAll(
        repeat.describe(),
        () -> assertEquals(409, first.status(), first::describe),
        () -> assertTrue(first.text().contains("\"run\":1"), first::describe),
        () -> assertEquals(409, repeat.status()),
        () -> assertTrue(repeat.replayed(), "replayed"),
        () -> assertEquals(first.headerValues("Content-Type"), repeat.headerValues("Content-Type")),
        () -> assertEquals(first.headerValues("ETag"), repeat.headerValues("ETag")),
        () -> assertArrayEquals(first.body(), repeat.body(), "body"));
  }

  @Test
  void a_4xx_from_an_exception_mapper_does_not_run_the_method_again() {
    http.post("stock/reservations?tag=" + tag, key, ITEM);
    http.post("stock/reservations?tag=" + tag, key, ITEM);
    http.post("stock/reservations?tag=" + tag, key, ITEM);

    assertEquals(1, http.invocations(tag));
  }

  @Test
  void a_4xx_the_method_returned_is_stored_and_replayed() {
    Reply first = http.post("stock/lookups?tag=" + tag, key, ITEM);
    Reply repeat = http.post("stock/lookups?tag=" + tag, key, ITEM);

    assertAll(
        repeat.describe(),
        () -> assertEquals(404, first.status(), first::describe),
        () -> assertEquals(404, repeat.status()),
        () -> assertTrue(repeat.replayed(), "replayed"),
        () -> assertArrayEquals(first.body(), repeat.body(), "body"),
        () -> assertEquals(1, http.invocations(tag), "runs"));
  }
}
