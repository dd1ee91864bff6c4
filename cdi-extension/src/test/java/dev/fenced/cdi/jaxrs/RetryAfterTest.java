package dev.fenced.cdi.jaxrs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class RetryAfterTest {

  @Test
  void gives_whole_seconds_unchanged() {
    assertThat(RetryAfter.seconds(Duration.ofSeconds(1))).isEqualTo("1");
    assertThat(RetryAfter.seconds(Duration.ofSeconds(30))).isEqualTo("30");
  }

  @Test
  void rounds_a_fraction_of_a_second_up() {
    assertThat(RetryAfter.seconds(Duration.ofMillis(1))).isEqualTo("1");
    assertThat(RetryAfter.seconds(Duration.ofMillis(999))).isEqualTo("1");
    assertThat(RetryAfter.seconds(Duration.ofMillis(1001))).isEqualTo("2");
    assertThat(RetryAfter.seconds(Duration.ofMillis(2500))).isEqualTo("3");
    assertThat(RetryAfter.seconds(Duration.ofNanos(1))).isEqualTo("1");
  }

  @Test
  void gives_zero_for_no_wait() {
    assertThat(RetryAfter.seconds(Duration.ZERO)).isEqualTo("0");
  }

  @Test
  void refuses_a_negative_hint() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> RetryAfter.seconds(Duration.ofMillis(-1)));
  }
}
