package dev.fenced.core.encryption;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HexFormat;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/** Sealing and opening stored outcomes with AES-256-GCM, and every way a record fails to open. */
class OutcomeCipherTest {

  private static final String NEW = KeyRingTest.NEW;
  private static final String OLD = KeyRingTest.OLD;
  private static final String RECORD = ":order-7";
  private static final byte[] PAYLOAD =
      "{\"v\":1,\"kind\":\"http\",\"status\":201,\"body\":\"c2VjcmV0\"}"
          .getBytes(StandardCharsets.UTF_8);

  private final OutcomeCipher cipher = new OutcomeCipher(KeyRing.parse(NEW + "," + OLD));

  @Test
  void opens_what_it_sealed() throws Exception {
    byte[] sealed = cipher.seal(RECORD, PAYLOAD);

    assertThat(cipher.open(RECORD, sealed)).isEqualTo(PAYLOAD);
  }

  @Test
  void writes_the_v1_envelope_of_five_base64url_parts() {
    String sealed = text(cipher.seal(RECORD, PAYLOAD));

    assertThat(sealed)
        .matches("v1\\.[A-Za-z0-9_-]{11}\\.[A-Za-z0-9_-]{16}\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]{22}");
    String[] parts = sealed.split("\\.");
    assertThat(parts[1]).isEqualTo(KeyRing.parse(NEW).sealingKey().id());
    assertThat(Base64.getUrlDecoder().decode(parts[3])).hasSameSizeAs(PAYLOAD);
  }

  @Test
  void keeps_no_plaintext_of_the_payload() {
    String sealed = text(cipher.seal(RECORD, PAYLOAD));

    assertThat(sealed).doesNotContain("status", "201", "c2VjcmV0", "http");
  }

  @Test
  void draws_a_fresh_iv_for_every_record() {
    String first = text(cipher.seal(RECORD, PAYLOAD));
    String second = text(cipher.seal(RECORD, PAYLOAD));

    assertThat(first.split("\\.")[2]).isNotEqualTo(second.split("\\.")[2]);
    assertThat(first).isNotEqualTo(second);
  }

  @Test
  void refuses_a_record_copied_under_another_record_key() {
    byte[] sealed = cipher.seal(RECORD, PAYLOAD);

    assertUnreadable(() -> cipher.open(":order-8", sealed), "another record key");
  }

  @Test
  void refuses_a_changed_ciphertext() {
    assertTampered(3);
  }

  @Test
  void refuses_a_changed_tag() {
    assertTampered(4);
  }

  @Test
  void refuses_a_changed_iv() {
    assertTampered(2);
  }

  @Test
  void refuses_a_record_whose_key_id_names_another_listed_key() {
    String[] parts = text(cipher.seal(RECORD, PAYLOAD)).split("\\.");
    parts[1] = KeyRing.parse(OLD).sealingKey().id();

    assertUnreadable(() -> cipher.open(RECORD, bytes(String.join(".", parts))), "changed");
  }

  @Test
  void refuses_an_unknown_version() {
    String sealed = text(cipher.seal(RECORD, PAYLOAD));

    assertUnreadable(() -> cipher.open(RECORD, bytes("v2" + sealed.substring(2))), "not encrypted");
  }

  @Test
  void refuses_a_malformed_envelope() {
    String sealed = text(cipher.seal(RECORD, PAYLOAD));

    assertUnreadable(() -> cipher.open(RECORD, bytes(sealed + ".x")), "well-formed");
    assertUnreadable(() -> cipher.open(RECORD, bytes(sealed + "=")), "well-formed");
    assertUnreadable(
        () -> cipher.open(RECORD, bytes(sealed.substring(0, 20) + "\u00e9" + sealed.substring(20))),
        "well-formed");
  }

  @Test
  void refuses_a_plain_text_record() {
    assertUnreadable(() -> cipher.open(RECORD, PAYLOAD), "not encrypted");
  }

  @Test
  void refuses_a_record_sealed_with_a_key_that_was_never_listed() {
    byte[] sealed = new OutcomeCipher(KeyRing.parse(KeyRingTest.BASE64)).seal(RECORD, PAYLOAD);

    assertUnreadable(() -> cipher.open(RECORD, sealed), "no longer lists");
  }

  @Test
  void refuses_a_record_whose_key_was_removed() {
    byte[] sealedWithOld = new OutcomeCipher(KeyRing.parse(OLD + "," + NEW)).seal(RECORD, PAYLOAD);

    assertUnreadable(
        () -> new OutcomeCipher(KeyRing.parse(NEW)).open(RECORD, sealedWithOld), "no longer lists");
  }

  @Test
  void replays_every_record_across_the_three_rotation_steps() throws Exception {
    OutcomeCipher before = new OutcomeCipher(KeyRing.parse(OLD + "," + NEW));
    OutcomeCipher swapped = new OutcomeCipher(KeyRing.parse(NEW + "," + OLD));
    OutcomeCipher after = new OutcomeCipher(KeyRing.parse(NEW));
    byte[] sealedBefore = before.seal(":a", PAYLOAD);
    byte[] sealedSwapped = swapped.seal(":b", PAYLOAD);

    assertThat(swapped.open(":a", sealedBefore)).isEqualTo(PAYLOAD);
    assertThat(before.open(":b", sealedSwapped))
        .as("an instance not yet swapped opens what a swapped one sealed")
        .isEqualTo(PAYLOAD);
    assertThat(after.open(":b", sealedSwapped)).isEqualTo(PAYLOAD);
    assertThat(after.open(":c", after.seal(":c", PAYLOAD))).isEqualTo(PAYLOAD);
  }

  @Test
  void uses_a_base64_key_as_it_is() throws Exception {
    byte[] sealed = new OutcomeCipher(KeyRing.parse(KeyRingTest.BASE64)).seal(RECORD, PAYLOAD);

    byte[] key = Base64.getDecoder().decode(KeyRingTest.BASE64);
    assertThat(decryptWith(key, text(sealed))).isEqualTo(PAYLOAD);
  }

  @Test
  void expands_a_passphrase_with_hkdf_sha256() throws Exception {
    byte[] sealed = new OutcomeCipher(KeyRing.parse(NEW)).seal(RECORD, PAYLOAD);

    byte[] key =
        Hkdf.derive(
            bytes("fenced.idempotency.encryption.keys"),
            bytes(NEW),
            bytes("fenced v1 AES-256-GCM outcome key"),
            32);
    assertThat(decryptWith(key, text(sealed))).isEqualTo(PAYLOAD);
  }

  @Test
  void says_nothing_of_the_keys_or_payload_when_it_refuses() {
    byte[] sealed = cipher.seal(RECORD, PAYLOAD);
    sealed[sealed.length - 1] ^= 1;

    assertThatThrownBy(() -> cipher.open(RECORD, sealed))
        .isInstanceOf(UnreadableRecordException.class)
        .message()
        .doesNotContain(
            NEW, OLD, RECORD.substring(1), "c2VjcmV0", HexFormat.of().formatHex(PAYLOAD));
    assertThat(cipher.toString()).doesNotContain(NEW, OLD);
  }

  private void assertTampered(int part) {
    String[] parts = text(cipher.seal(RECORD, PAYLOAD)).split("\\.");
    byte[] decoded = Base64.getUrlDecoder().decode(parts[part]);
    decoded[0] ^= 1;
    parts[part] = Base64.getUrlEncoder().withoutPadding().encodeToString(decoded);

    assertUnreadable(() -> cipher.open(RECORD, bytes(String.join(".", parts))), "changed");
  }

  private static void assertUnreadable(Opening opening, String reason) {
    assertThatThrownBy(opening::open)
        .isInstanceOf(UnreadableRecordException.class)
        .hasMessageContaining(reason);
  }

  /** The record key and the header are the associated data; the rest is plain JDK GCM. */
  private static byte[] decryptWith(byte[] key, String envelope) throws Exception {
    String[] parts = envelope.split("\\.");
    Base64.Decoder decoder = Base64.getUrlDecoder();
    byte[] ciphertext = decoder.decode(parts[3]);
    byte[] tag = decoder.decode(parts[4]);
    byte[] joined = new byte[ciphertext.length + tag.length];
    System.arraycopy(ciphertext, 0, joined, 0, ciphertext.length);
    System.arraycopy(tag, 0, joined, ciphertext.length, tag.length);
    Cipher gcm = Cipher.getInstance("AES/GCM/NoPadding");
    gcm.init(
        Cipher.DECRYPT_MODE,
        new SecretKeySpec(key, "AES"),
        new GCMParameterSpec(128, decoder.decode(parts[2])));
    gcm.updateAAD(bytes("v1." + parts[1] + "." + RECORD));
    return gcm.doFinal(joined);
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private static String text(byte[] bytes) {
    return new String(bytes, StandardCharsets.US_ASCII);
  }

  @FunctionalInterface
  private interface Opening {
    byte[] open() throws Exception;
  }
}
