package dev.fenced.store.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.fenced.store.spi.StoreLimits;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

class DurationParserTest {

  private static final String OPTION = "fenced.idempotency.ttl";

  @Test
  void refuses_a_number_without_a_unit_and_says_what_to_write() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> DurationParser.parse(OPTION, "60"))
        .withMessageStartingWith(OPTION + ": \"60\" has no unit; write 60s or 60ms");
  }

  @Test
  void reads_a_bare_zero() {
    assertThat(DurationParser.parse(OPTION, "0")).contains(Duration.ZERO);
  }

  @ParameterizedTest
  @CsvSource({"200ms, 200", "45s, 45000", "15m, 900000", "48h, 172800000", "7d, 604800000"})
  void reads_a_number_with_a_unit(String text, long millis) {
    assertThat(DurationParser.parse(OPTION, text)).contains(Duration.ofMillis(millis));
  }

  @Test
  void reads_zero() {
    assertThat(DurationParser.parse(OPTION, "0s")).contains(Duration.ZERO);
  }

  @ParameterizedTest
  @NullSource
  @ValueSource(strings = {"", "   ", "\t"})
  void treats_an_empty_value_as_inherit(String text) {
    assertThat(DurationParser.parse(OPTION, text)).isEmpty();
  }

  @Test
  void ignores_whitespace_around_the_value() {
    assertThat(DurationParser.parse(OPTION, " 45s \t")).contains(Duration.ofSeconds(45));
  }

  @Test
  void refuses_garbage_naming_the_option_the_value_and_the_accepted_forms() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> DurationParser.parse(OPTION, "12x"))
        .withMessage(
            "fenced.idempotency.ttl: \"12x\" is not a duration; use a number with ms, s, m, h or d"
                + " (\"45s\", \"500ms\"), an ISO-8601 duration (\"PT45S\"), or \"0\"");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "-5s", "+5s", "1.5s", "45 s", "15M", "45S", "s", "ms", "P", "PT", "PTS", "P5", "5sec", "٣s"
      })
  void refuses_signs_fractions_inner_spaces_upper_case_units_and_other_digits(String text) {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> DurationParser.parse(OPTION, text))
        .withMessageStartingWith(OPTION + ": \"" + text + "\" is not a duration");
  }

  @ParameterizedTest
  @CsvSource({
    "PT45S, 45000",
    "PT0.5S, 500",
    "PT1M30S, 90000",
    "PT48H, 172800000",
    "P7D, 604800000",
    "P1DT1S, 86401000",
    "pt2s, 2000",
    "PT0S, 0"
  })
  void reads_an_iso_8601_duration(String text, long millis) {
    assertThat(DurationParser.parse(OPTION, text)).contains(Duration.ofMillis(millis));
  }

  @Test
  void reads_an_iso_8601_duration_with_whitespace_around_it() {
    assertThat(DurationParser.parse(OPTION, " PT2S ")).contains(Duration.ofSeconds(2));
  }

  @ParameterizedTest
  @ValueSource(strings = {"-PT5S", "PT-5S", "+PT5S"})
  void refuses_a_negative_or_signed_iso_8601_duration(String text) {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> DurationParser.parse(OPTION, text))
        .withMessageStartingWith(OPTION + ": \"" + text + "\" is ");
  }

  @Test
  void refuses_an_iso_8601_duration_finer_than_a_millisecond() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> DurationParser.parse(OPTION, "PT0.0005S"))
        .withMessageStartingWith(OPTION + ": \"PT0.0005S\" is not a whole number of milliseconds");
  }

  @ParameterizedTest
  @ValueSource(strings = {"PT9223372036854775808S", "PT9223372036854775807S"})
  void refuses_an_iso_8601_duration_too_large_for_a_long_of_milliseconds(String text) {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> DurationParser.parse(OPTION, text))
        .withMessageStartingWith(OPTION + ": \"" + text + "\" is too large");
  }

  @Test
  void an_iso_8601_duration_longer_than_the_stores_keep_is_refused_as_positive() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> DurationParser.parsePositive(OPTION, "P3651D"))
        .withMessageContaining("is longer than the stores keep an expiry");
  }

  @ParameterizedTest
  @ValueSource(strings = {"9223372036854775808ms", "106751991167301d", "99999999999999999999999ms"})
  void refuses_a_duration_too_large_for_a_long_of_milliseconds(String text) {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> DurationParser.parse(OPTION, text))
        .withMessageStartingWith(OPTION + ": \"" + text + "\" is too large");
  }

  @Test
  void accepts_the_largest_number_of_milliseconds() {
    assertThat(DurationParser.parse(OPTION, "9223372036854775807ms"))
        .contains(Duration.ofMillis(Long.MAX_VALUE));
  }

  @Test
  void shortens_a_long_bad_value_in_the_message() {
    String text = "x".repeat(10_000);

    assertThatIllegalArgumentException()
        .isThrownBy(() -> DurationParser.parse(OPTION, text))
        .withMessageContaining("(10000 characters)")
        .satisfies(e -> assertThat(e.getMessage()).hasSizeLessThan(300));
  }

  @Test
  void a_required_duration_refuses_an_empty_value_naming_the_option() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> DurationParser.parseRequired(OPTION, ""))
        .withMessageStartingWith(OPTION + ": a duration is required");
  }

  @Test
  void a_positive_duration_refuses_zero_naming_the_option_and_the_value() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> DurationParser.parsePositive(OPTION, "0ms"))
        .withMessage(OPTION + ": \"0ms\" must be positive; use 1 millisecond or more");
  }

  @Test
  void a_positive_duration_may_be_empty() {
    assertThat(DurationParser.parsePositive(OPTION, "")).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(longs = {0, -1})
  void the_positive_check_refuses_zero_and_negative_durations_naming_the_option(long millis) {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> DurationParser.requirePositive(OPTION, Duration.ofMillis(millis)))
        .withMessageStartingWith(OPTION + ": ")
        .withMessageEndingWith("must be positive; use 1 millisecond or more");
  }

  @Test
  void the_positive_check_returns_a_positive_duration() {
    assertThat(DurationParser.requirePositive(OPTION, Duration.ofMillis(1)))
        .isEqualTo(Duration.ofMillis(1));
  }

  @Test
  void
      a_positive_duration_longer_than_the_stores_keep_is_refused_naming_the_option_and_the_value() {
    // Redis PEXPIRE and PostgreSQL intervals overflow on huge ttls: refused at deployment
    assertThatIllegalArgumentException()
        .isThrownBy(() -> DurationParser.parsePositive(OPTION, "3651d"))
        .withMessageStartingWith(OPTION + ": \"3651d\" is longer than the stores keep an expiry")
        .withMessageContaining("at most 3650d");
  }

  @Test
  void a_positive_duration_of_exactly_the_stores_maximum_is_accepted() {
    assertThat(DurationParser.parsePositive(OPTION, "3650d"))
        .contains(Duration.ofMillis(StoreLimits.MAX_TTL_MILLIS));
  }

  @Test
  void the_positive_check_refuses_a_duration_longer_than_the_stores_keep() {
    assertThatIllegalArgumentException()
        .isThrownBy(
            () ->
                DurationParser.requirePositive(
                    OPTION, Duration.ofMillis(StoreLimits.MAX_TTL_MILLIS + 1)))
        .withMessageContaining("is longer than the stores keep an expiry");
  }
}
