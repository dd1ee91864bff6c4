package dev.fenced.core.idempotency;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The bytes a text is hashed and encoded as, in record keys and fingerprints: its UTF-8, except
 * that an unpaired surrogate (which UTF-8 cannot hold, and {@link String#getBytes} turns into
 * {@code ?}) is written as its three-byte generalized UTF-8 form (WTF-8), a sequence that no
 * well-formed text's UTF-8 contains. Two different texts never share their bytes, and a well-formed
 * text's bytes are exactly its UTF-8, so the record keys and fingerprints of ordinary text are what
 * they always were.
 */
final class TextBytes {

  private TextBytes() {}

  /**
   * The bytes of a text.
   *
   * @param text any string
   * @return its UTF-8, with each unpaired surrogate in its WTF-8 form
   */
  static byte[] of(String text) {
    if (!hasUnpairedSurrogate(text)) {
      return text.getBytes(StandardCharsets.UTF_8);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(text.length() + 16);
    int i = 0;
    while (i < text.length()) {
      int codePoint = text.codePointAt(i);
      if (Character.isSurrogate((char) codePoint) && codePoint <= 0xFFFF) {
        // an unpaired surrogate: its generalized UTF-8 (1110xxxx 10xxxxxx 10xxxxxx)
        out.write(0xE0 | (codePoint >> 12));
        out.write(0x80 | ((codePoint >> 6) & 0x3F));
        out.write(0x80 | (codePoint & 0x3F));
      } else {
        byte[] utf8 = new String(Character.toChars(codePoint)).getBytes(StandardCharsets.UTF_8);
        out.write(utf8, 0, utf8.length);
      }
      i += Character.charCount(codePoint);
    }
    return out.toByteArray();
  }

  private static boolean hasUnpairedSurrogate(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isHighSurrogate(c)
          && i + 1 < text.length()
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return true;
      }
    }
    return false;
  }
}
