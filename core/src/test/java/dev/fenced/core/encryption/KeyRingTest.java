package dev.fenced.core.encryption;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.List;
import org.junit.jupiter.api.Test;

/** What {@code fenced.idempotency.encryption.keys} accepts, and how refusals are worded. */
class KeyRingTest {

  static final String NEW = "rV6pNf0qG5l8gE2u1nJm9bK3cX7wZ4yT";
  static final String OLD = "old-passphrase-0123456789-abcdefghij";
  static final String BASE64 = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";

  @Test
  void accepts_newest_first_keys_and_seals_with_the_first() {
    KeyRing ring = KeyRing.parse(NEW + "," + OLD);

    assertThat(ring.ids()).hasSize(2);
    assertThat(ring.sealingKey().id()).isEqualTo(ring.ids().get(0));
    assertThat(ring.find(ring.ids().get(1))).isPresent();
  }

  @Test
  void refuses_a_key_under_32_characters_naming_its_position_and_length() {
    List<String> problems = KeyRing.problems(NEW + ",short-but-secret-31-characters!");

    assertThat(problems)
        .singleElement()
        .asString()
        .contains("fenced.idempotency.encryption.keys", "entry 2 of 2", "31 characters")
        .contains("openssl rand -base64 32")
        .doesNotContain("short-but-secret");
  }

  @Test
  void refuses_whitespace_after_a_comma() {
    List<String> problems = KeyRing.problems(NEW + ", " + OLD);

    assertThat(problems)
        .singleElement()
        .asString()
        .contains("fenced.idempotency.encryption.keys", "entry 2 of 2", "whitespace")
        .doesNotContain(OLD);
  }

  @Test
  void refuses_whitespace_at_the_end() {
    assertThat(KeyRing.problems(NEW + "\t")).singleElement().asString().contains("whitespace");
  }

  @Test
  void refuses_a_duplicate_key_naming_both_positions() {
    List<String> problems = KeyRing.problems(NEW + "," + OLD + "," + NEW);

    assertThat(problems)
        .singleElement()
        .asString()
        .contains("entry 3 of 3", "same key as entry 1")
        .doesNotContain(NEW);
  }

  @Test
  void refuses_an_empty_entry_between_two_keys() {
    assertThat(KeyRing.problems(NEW + ",," + OLD))
        .singleElement()
        .asString()
        .contains("entry 2 of 3 is empty");
  }

  @Test
  void refuses_a_trailing_comma() {
    assertThat(KeyRing.problems(NEW + ","))
        .singleElement()
        .asString()
        .contains("entry 2 of 2 is empty");
  }

  @Test
  void refuses_a_blank_value_as_an_empty_entry() {
    assertThat(KeyRing.problems("   ")).singleElement().asString().contains("entry 1 of 1");
  }

  @Test
  void reports_every_bad_entry() {
    assertThat(KeyRing.problems("a,, " + NEW)).hasSize(3);
  }

  @Test
  void parse_refuses_an_invalid_value_without_repeating_the_keys() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> KeyRing.parse(OLD + "," + OLD))
        .withMessageContaining("same key as entry 1")
        .withMessageNotContaining(OLD);
  }

  @Test
  void tells_a_base64_key_from_a_passphrase() {
    assertThat(EncryptionKey.isBase64Key(BASE64)).isTrue();
    assertThat(EncryptionKey.isBase64Key(NEW)).isFalse();
    assertThat(EncryptionKey.isBase64Key(BASE64.replace("=", "A"))).isFalse();
    assertThat(EncryptionKey.isBase64Key("AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIj"))
        .as("48 characters of base64 decode to 36 bytes")
        .isFalse();
  }

  @Test
  void shows_only_key_ids_in_to_string() {
    KeyRing ring = KeyRing.parse(NEW + "," + BASE64);

    assertThat(ring.toString()).doesNotContain(NEW, BASE64, BASE64.substring(0, 20));
    assertThat(ring.toString()).contains(ring.ids().get(0), ring.ids().get(1));
    assertThat(ring.sealingKey().toString())
        .isEqualTo("EncryptionKey[id=" + ring.ids().get(0) + "]");
  }

  @Test
  void derives_the_same_id_for_the_same_key_on_every_instance() {
    assertThat(KeyRing.parse(NEW).ids()).isEqualTo(KeyRing.parse(NEW).ids());
    assertThat(KeyRing.parse(NEW).ids()).isNotEqualTo(KeyRing.parse(OLD).ids());
  }
}
