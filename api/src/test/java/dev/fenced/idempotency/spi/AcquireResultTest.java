package dev.fenced.idempotency.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import org.junit.jupiter.api.Test;

class AcquireResultTest {

  @Test
  void a_completed_result_keeps_its_own_copy_of_the_payload_passed_in() {
    byte[] payload = {1, 2, 3};
    AcquireResult.Completed completed = new AcquireResult.Completed("fp", payload);

    payload[0] = 9;

    assertThat(completed.payload()).containsExactly(1, 2, 3);
  }

  @Test
  void a_completed_result_hands_out_a_fresh_copy_of_the_payload_each_time() {
    AcquireResult.Completed completed = new AcquireResult.Completed("fp", new byte[] {1, 2, 3});

    completed.payload()[0] = 9;

    assertThat(completed.payload()).containsExactly(1, 2, 3);
  }

  @Test
  void completed_results_with_equal_bytes_are_equal() {
    assertThat(new AcquireResult.Completed("fp", new byte[] {0, 1}))
        .isEqualTo(new AcquireResult.Completed("fp", new byte[] {0, 1}))
        .hasSameHashCodeAs(new AcquireResult.Completed("fp", new byte[] {0, 1}))
        .isNotEqualTo(new AcquireResult.Completed("fp", new byte[] {0, 2}));
  }

  @Test
  void a_completed_result_never_prints_its_payload() {
    assertThat(new AcquireResult.Completed("fp", "secret".getBytes()).toString())
        .doesNotContain("secret")
        .contains("6 bytes");
  }

  @Test
  void results_refuse_a_missing_fingerprint() {
    assertThatNullPointerException().isThrownBy(() -> new AcquireResult.InFlight(null));
    assertThatNullPointerException()
        .isThrownBy(() -> new AcquireResult.Completed(null, new byte[0]));
  }
}
