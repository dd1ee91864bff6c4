package dev.fenced.cdi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class SkipValueTest {

  @Test
  void a_skipped_run_returns_null_for_objects_and_void() {
    assertThat(SkipValue.of(String.class)).isNull();
    assertThat(SkipValue.of(void.class)).isNull();
    assertThat(SkipValue.of(Integer.class)).isNull();
  }

  @Test
  void a_skipped_run_returns_the_default_of_a_primitive() {
    assertThat(SkipValue.of(int.class)).isEqualTo(0);
    assertThat(SkipValue.of(boolean.class)).isEqualTo(false);
    assertThat(SkipValue.of(double.class)).isEqualTo(0d);
    assertThat(SkipValue.of(char.class)).isEqualTo((char) 0);
  }

  @Test
  void a_skipped_run_returns_an_empty_optional_for_the_optional_types() {
    assertThat(SkipValue.of(Optional.class)).isEqualTo(Optional.empty());
    assertThat(SkipValue.of(OptionalLong.class)).isEqualTo(OptionalLong.empty());
  }
}
