package dev.fenced.cdi.jaxrs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class AcceptEncodingTest {

  private static final ContentCodings GZIP = ContentCodings.of(List.of("gzip"));
  private static final ContentCodings BR = ContentCodings.of(List.of("br"));

  @Test
  void a_request_without_the_header_accepts_any_coding() {
    assertThat(AcceptEncoding.of(null).accepts(BR)).isTrue();
    assertThat(AcceptEncoding.of(List.of()).accepts(ContentCodings.IDENTITY)).isTrue();
  }

  @Test
  void a_listed_coding_is_accepted_unless_its_weight_is_zero() {
    assertThat(AcceptEncoding.of(List.of("deflate, GZIP;q=0.5")).accepts(GZIP)).isTrue();
    assertThat(AcceptEncoding.of(List.of("gzip;q=0")).accepts(GZIP)).isFalse();
    assertThat(AcceptEncoding.of(List.of("x-gzip")).accepts(GZIP)).isTrue();
  }

  @Test
  void an_unlisted_coding_is_accepted_only_through_a_star() {
    assertThat(AcceptEncoding.of(List.of("gzip")).accepts(BR)).isFalse();
    assertThat(AcceptEncoding.of(List.of("gzip, *")).accepts(BR)).isTrue();
    assertThat(AcceptEncoding.of(List.of("*;q=0, gzip")).accepts(BR)).isFalse();
  }

  @Test
  void identity_is_accepted_unless_excluded() {
    assertThat(AcceptEncoding.of(List.of("gzip")).accepts(ContentCodings.IDENTITY)).isTrue();
    assertThat(AcceptEncoding.of(List.of("")).accepts(ContentCodings.IDENTITY)).isTrue();
    assertThat(AcceptEncoding.of(List.of("identity;q=0")).accepts(ContentCodings.IDENTITY))
        .isFalse();
    assertThat(AcceptEncoding.of(List.of("*;q=0")).accepts(ContentCodings.IDENTITY)).isFalse();
  }

  @Test
  void an_empty_header_accepts_no_coding() {
    assertThat(AcceptEncoding.of(List.of("")).accepts(GZIP)).isFalse();
  }
}
