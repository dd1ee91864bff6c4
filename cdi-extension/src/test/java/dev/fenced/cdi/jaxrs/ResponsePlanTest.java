package dev.fenced.cdi.jaxrs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.core.idempotency.StoragePolicy;
import dev.fenced.idempotency.StoreIf;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.StringReader;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ResponsePlanTest {

  private static final StoragePolicy DEFAULT = StoragePolicy.of(StoreIf.NOT_SERVER_ERROR);
  private static final StoragePolicy SUCCESS = StoragePolicy.of(StoreIf.SUCCESS);
  private static final MediaType JSON = new MediaType("application", "json");

  @ParameterizedTest
  @ValueSource(ints = {500, 502, 503, 599})
  void releases_a_server_error_even_with_a_body(int status) {
    assertThat(ResponsePlan.of(DEFAULT, status, "{}", JSON)).isEqualTo(ResponsePlan.RELEASE);
    assertThat(ResponsePlan.of(SUCCESS, status, "{}", JSON)).isEqualTo(ResponsePlan.RELEASE);
  }

  @ParameterizedTest
  @ValueSource(ints = {200, 201, 301, 400, 404, 409, 422, 499})
  void captures_the_body_of_a_stored_status_by_default(int status) {
    assertThat(ResponsePlan.of(DEFAULT, status, "{}", JSON)).isEqualTo(ResponsePlan.CAPTURE_BODY);
  }

  @Test
  void releases_a_client_error_when_only_successes_are_stored() {
    assertThat(ResponsePlan.of(SUCCESS, 409, "{}", JSON)).isEqualTo(ResponsePlan.RELEASE);
    assertThat(ResponsePlan.of(SUCCESS, 201, "{}", JSON)).isEqualTo(ResponsePlan.CAPTURE_BODY);
  }

  @Test
  void stores_a_response_without_a_body_at_once() {
    assertThat(ResponsePlan.of(DEFAULT, 204, null, null)).isEqualTo(ResponsePlan.STORE_NOW);
    assertThat(ResponsePlan.of(DEFAULT, 201, null, null)).isEqualTo(ResponsePlan.STORE_NOW);
  }

  @Test
  void releases_streamed_bodies() {
    StreamingOutput streaming = out -> out.write(1);
    Object[] streamed = {
      streaming,
      new ByteArrayInputStream(new byte[1]),
      new StringReader("x"),
      new File("receipt.pdf"),
      Path.of("receipt.pdf")
    };
    for (Object entity : streamed) {
      assertThat(ResponsePlan.of(DEFAULT, 200, entity, JSON))
          .as(entity.getClass().getName())
          .isEqualTo(ResponsePlan.RELEASE_STREAMING);
    }
  }

  @Test
  void releases_an_event_stream() {
    assertThat(ResponsePlan.of(DEFAULT, 200, "data: 1\n\n", new MediaType("text", "EVENT-STREAM")))
        .isEqualTo(ResponsePlan.RELEASE_STREAMING);
  }

  @Test
  void captures_values_that_writers_serialise() {
    assertThat(ResponsePlan.isStreamed(new byte[] {1}, null)).isFalse();
    assertThat(ResponsePlan.isStreamed("text", new MediaType("text", "plain"))).isFalse();
    assertThat(ResponsePlan.isStreamed(new Object(), JSON)).isFalse();
  }
}
