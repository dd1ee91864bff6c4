package dev.fenced.core.idempotency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.ErrorCode;
import dev.fenced.idempotency.IdempotencyException;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IdempotencyKeysTest {

  @Test
  void reads_a_bare_key() {
    assertThat(IdempotencyKeys.fromHeader("8e03978e-40d5-43e8-bc93-6894a57f9324"))
        .isEqualTo("8e03978e-40d5-43e8-bc93-6894a57f9324");
  }

  @Test
  void unquotes_a_structured_field_string() {
    assertThat(IdempotencyKeys.fromHeader("\"abc\"")).isEqualTo("abc");
  }

  @Test
  void unescapes_a_quote_and_a_backslash_in_a_quoted_key() {
    assertThat(IdempotencyKeys.fromHeader("\"a\\\"b\\\\c\"")).isEqualTo("a\"b\\c");
  }

  @Test
  void ignores_spaces_and_tabs_around_the_header_value() {
    assertThat(IdempotencyKeys.fromHeader(" \t\"abc\"\t ")).isEqualTo("abc");
  }

  @Test
  void keeps_quotes_inside_a_bare_key() {
    assertThat(IdempotencyKeys.fromHeader("ab\"c\"")).isEqualTo("ab\"c\"");
  }

  @Test
  void accepts_a_key_of_255_printable_characters() {
    String key = "~ ".repeat(127) + "!";

    assertThat(IdempotencyKeys.validate(key)).isEqualTo(key);
  }

  @Test
  void refuses_a_key_of_256_characters_without_repeating_it() {
    String key = "k".repeat(256);

    assertInvalid(() -> IdempotencyKeys.validate(key))
        .hasMessageContaining("256 characters long")
        .hasMessageNotContaining("kkkkkkkkkk");
  }

  @Test
  void refuses_a_huge_quoted_key_without_repeating_it() {
    String header = "\"" + "k".repeat(100_000) + "\"";

    assertInvalid(() -> IdempotencyKeys.fromHeader(header))
        .hasMessageContaining("longer than 255")
        .hasMessageNotContaining("kkkkkkkkkk");
  }

  @Test
  void tells_what_a_key_may_hold() {
    assertInvalid(() -> IdempotencyKeys.validate(""))
        .hasMessageStartingWith(
            "an idempotency key is 1 to 255 printable ASCII characters (space to '~'), not only"
                + " spaces; ");
  }

  @Test
  void refuses_an_empty_key() {
    assertInvalid(() -> IdempotencyKeys.validate("")).hasMessageEndingWith("the key is empty");
  }

  @Test
  void refuses_an_empty_header() {
    assertInvalid(() -> IdempotencyKeys.fromHeader("  ")).hasMessageEndingWith("the key is empty");
  }

  @Test
  void refuses_a_key_of_spaces() {
    assertInvalid(() -> IdempotencyKeys.validate("   "))
        .hasMessageEndingWith("the key is only spaces");
  }

  @ParameterizedTest
  @ValueSource(strings = {"caf\u00e9", "a\tb", "a\u0000b", "a\u007fb", "\ud83d\ude00"})
  void refuses_a_character_outside_printable_ascii_naming_its_position(String key) {
    assertInvalid(() -> IdempotencyKeys.validate(key)).hasMessageContaining("outside printable");
  }

  @Test
  void names_the_position_and_code_of_a_bad_character() {
    assertInvalid(() -> IdempotencyKeys.validate("caf\u00e9"))
        .hasMessageEndingWith("character 4 of the key is U+00E9, outside printable ASCII");
  }

  @Test
  void refuses_an_empty_quoted_string() {
    assertInvalid(() -> IdempotencyKeys.fromHeader("\"\"")).hasMessageEndingWith("is empty");
  }

  @Test
  void refuses_a_quoted_key_without_a_closing_quote() {
    assertInvalid(() -> IdempotencyKeys.fromHeader("\"abc"))
        .hasMessageEndingWith("has no closing quote");
  }

  @Test
  void refuses_a_quoted_key_followed_by_other_characters() {
    assertInvalid(() -> IdempotencyKeys.fromHeader("\"abc\";p=1"))
        .hasMessageEndingWith("followed by other characters");
  }

  @Test
  void refuses_an_escape_of_anything_but_a_quote_or_a_backslash() {
    assertInvalid(() -> IdempotencyKeys.fromHeader("\"a\\nb\""))
        .hasMessageContaining("only \\\" and \\\\ may be escaped");
  }

  @Test
  void refuses_a_quoted_key_that_ends_inside_an_escape() {
    assertInvalid(() -> IdempotencyKeys.fromHeader("\"abc\\"))
        .hasMessageEndingWith("ends inside an escape");
  }

  @Test
  void refuses_a_quoted_key_of_spaces() {
    assertInvalid(() -> IdempotencyKeys.fromHeader("\"  \"")).hasMessageEndingWith("only spaces");
  }

  @Test
  void refuses_two_keys_an_intermediary_merged_into_one_header() {
    assertInvalid(() -> IdempotencyKeys.fromHeader("pay-1, pay-2"))
        .hasMessageContaining("comma")
        .hasMessageNotContaining("pay-1");
  }

  @Test
  void refuses_two_quoted_keys_an_intermediary_merged_into_one_header() {
    assertInvalid(() -> IdempotencyKeys.fromHeader("\"pay-1\", \"pay-2\""));
  }

  @Test
  void reads_a_comma_inside_a_quoted_key() {
    assertThat(IdempotencyKeys.fromHeader("\"a,b\"")).isEqualTo("a,b");
  }

  @Test
  void refuses_a_non_ascii_character_inside_quotes() {
    assertInvalid(() -> IdempotencyKeys.fromHeader("\"caf\u00e9\""))
        .hasMessageContaining("outside printable ASCII");
  }

  private static AbstractThrowableAssert<?, ? extends Throwable> assertInvalid(
      org.assertj.core.api.ThrowableAssert.ThrowingCallable call) {
    return assertThatThrownBy(call)
        .isInstanceOf(IdempotencyException.class)
        .satisfies(
            e ->
                assertThat(((IdempotencyException) e).code())
                    .isEqualTo(ErrorCode.IDEMPOTENCY_KEY_INVALID));
  }
}
