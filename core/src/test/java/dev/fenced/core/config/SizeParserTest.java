package dev.fenced.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SizeParserTest {

  private static final String OPTION = "fenced.idempotency.max-request-size";

  @Test
  void reads_bytes_and_binary_units() {
    assertThat(SizeParser.parse(OPTION, "65536")).contains(65_536L);
    assertThat(SizeParser.parse(OPTION, "100B")).contains(100L);
    assertThat(SizeParser.parse(OPTION, "512KiB")).contains(512L * 1024);
    assertThat(SizeParser.parse(OPTION, " 1MiB ")).contains(1L << 20);
    assertThat(SizeParser.parse(OPTION, "1GiB")).contains(1L << 30);
  }

  @Test
  void reads_blank_as_inherit() {
    assertThat(SizeParser.parse(OPTION, " ")).isEmpty();
    assertThat(SizeParser.parse(OPTION, null)).isEmpty();
  }

  @Test
  void refuses_other_forms_naming_the_option_and_the_value() {
    for (String bad : new String[] {"1mb", "1MB", "-1", "1.5MiB", "1 MiB", "ten"}) {
      assertThatThrownBy(() -> SizeParser.parse(OPTION, bad))
          .as(bad)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining(OPTION)
          .hasMessageContaining("\"" + bad + "\"");
    }
  }

  @Test
  void refuses_zero_and_more_than_one_gibibyte() {
    for (String bad : new String[] {"0", "0MiB", "1025MiB", "2GiB", "99999999999999999999"}) {
      assertThatThrownBy(() -> SizeParser.parse(OPTION, bad))
          .as(bad)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("out of range");
    }
  }

  @Test
  void formats_with_the_largest_exact_unit() {
    assertThat(SizeParser.format(1L << 20)).isEqualTo("1MiB");
    assertThat(SizeParser.format(1536L * 1024)).isEqualTo("1536KiB");
    assertThat(SizeParser.format(1000)).isEqualTo("1000B");
  }
}
