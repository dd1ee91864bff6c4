package dev.fenced.cdi.jaxrs;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.HEAD;
import jakarta.ws.rs.HttpMethod;
import org.junit.jupiter.api.Test;

/** Which guarded methods a {@code HEAD} request runs as their {@code GET}. */
class IdempotencyFeatureTest {

  interface Reports {
    @HEAD
    void probe();
  }

  static class ReportResource implements Reports {
    @GET
    public void report() {}

    @Override
    public void probe() {}
  }

  @Test
  void a_get_method_is_not_a_head_method() throws Exception {
    assertThat(
            IdempotencyFeature.designates(
                ReportResource.class.getMethod("report"), HttpMethod.HEAD))
        .isFalse();
    assertThat(
            IdempotencyFeature.designates(ReportResource.class.getMethod("report"), HttpMethod.GET))
        .isTrue();
  }

  @Test
  void a_head_method_is_one_through_the_interface_it_implements() throws Exception {
    assertThat(
            IdempotencyFeature.designates(ReportResource.class.getMethod("probe"), HttpMethod.HEAD))
        .isTrue();
  }
}
