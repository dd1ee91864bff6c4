package dev.fenced.core.idempotency;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TextBytesTest {

  @ParameterizedTest
  @ValueSource(strings = {"", "order-7", "caf\u00e9", "\uD83D\uDE00 ok", "\u0000"})
  void a_well_formed_text_is_its_utf_8(String text) {
    assertThat(TextBytes.of(text)).isEqualTo(text.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void an_unpaired_surrogate_is_its_generalized_utf_8_and_never_a_question_mark() {
    assertThat(TextBytes.of("a\uD800")).containsExactly('a', 0xED, 0xA0, 0x80);
    assertThat(TextBytes.of("\uDFFFb")).containsExactly(0xED, 0xBF, 0xBF, 'b');
  }

  @Test
  void a_surrogate_pair_next_to_an_unpaired_one_stays_one_character() {
    assertThat(TextBytes.of("\uD83D\uDE00\uD800"))
        .containsExactly(0xF0, 0x9F, 0x98, 0x80, 0xED, 0xA0, 0x80);
  }
}
