package dev.fenced.core.encryption;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/** HKDF-SHA256 against the SHA-256 test vectors of RFC 5869, appendix A. */
class HkdfTest {

  private static final HexFormat HEX = HexFormat.of();

  @Test
  void matches_test_case_1_of_rfc_5869() {
    byte[] ikm = hex("0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b");
    byte[] salt = hex("000102030405060708090a0b0c");
    byte[] info = hex("f0f1f2f3f4f5f6f7f8f9");

    assertThat(HEX.formatHex(Hkdf.extract(salt, ikm)))
        .isEqualTo("077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5");
    assertThat(HEX.formatHex(Hkdf.derive(salt, ikm, info, 42)))
        .isEqualTo(
            "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865");
  }

  @Test
  void matches_test_case_2_of_rfc_5869_with_long_inputs_and_three_blocks() {
    byte[] ikm = range(0x00, 80);
    byte[] salt = range(0x60, 80);
    byte[] info = range(0xb0, 80);

    assertThat(HEX.formatHex(Hkdf.extract(salt, ikm)))
        .isEqualTo("06a6b88c5853361a06104c9ceb35b45cef760014904671014a193f40c15fc244");
    assertThat(HEX.formatHex(Hkdf.derive(salt, ikm, info, 82)))
        .isEqualTo(
            "b11e398dc80327a1c8e7f78c596a49344f012eda2d4efad8a050cc4c19afa97c"
                + "59045a99cac7827271cb41c65e590e09da3275600c2f09b8367793a9aca3db71"
                + "cc30c58179ec3e87c14c01d5c1f3434f1d87");
  }

  @Test
  void matches_test_case_3_of_rfc_5869_with_empty_salt_and_info() {
    byte[] ikm = hex("0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b");

    assertThat(HEX.formatHex(Hkdf.extract(new byte[0], ikm)))
        .isEqualTo("19ef24a32c717b167f33a91d6f648bdf96596776afdb6377ac434c1c293ccb04");
    assertThat(HEX.formatHex(Hkdf.derive(new byte[0], ikm, new byte[0], 42)))
        .isEqualTo(
            "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8");
  }

  @Test
  void refuses_to_derive_more_than_255_blocks() {
    byte[] prk = new byte[32];

    assertThatIllegalArgumentException()
        .isThrownBy(() -> Hkdf.expand(prk, new byte[0], 255 * 32 + 1));
  }

  private static byte[] hex(String text) {
    return HEX.parseHex(text);
  }

  private static byte[] range(int first, int count) {
    byte[] bytes = new byte[count];
    for (int i = 0; i < count; i++) {
      bytes[i] = (byte) (first + i);
    }
    return bytes;
  }
}
