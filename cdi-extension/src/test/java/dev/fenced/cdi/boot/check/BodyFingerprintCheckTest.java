package dev.fenced.cdi.boot.check;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BodyFingerprintCheckTest {

  @Test
  void no_name_or_exactly_one_bean_is_fine() {
    assertThat(BodyFingerprintCheck.problem("com.example.Upload.post", "", 0)).isEmpty();
    assertThat(BodyFingerprintCheck.problem("com.example.Upload.post", "parts", 1)).isEmpty();
  }

  @Test
  void a_missing_bean_fails_naming_the_method_and_the_name() {
    assertThat(BodyFingerprintCheck.problem("com.example.Upload.post", "parts", 0))
        .hasValueSatisfying(
            p ->
                assertThat(p)
                    .contains(
                        "FENCED-D018: com.example.Upload.post",
                        "\"parts\" names 0",
                        "@Named(\"parts\")"));
  }

  @Test
  void several_beans_of_the_name_fail_the_same_way() {
    assertThat(BodyFingerprintCheck.problem("com.example.Upload.post", "parts", 2))
        .hasValueSatisfying(p -> assertThat(p).contains("FENCED-D018", "names 2"));
  }
}
