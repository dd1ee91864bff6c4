package dev.fenced.graphql;

/**
 * The lexer of a GraphQL document (spec 2.1): reads one token at a time, skipping the ignored
 * tokens. String values are checked and skipped, never decoded: only their extent matters.
 */
final class DocumentTokens {

  private final String source;
  private int index;
  private int line = 1;
  private int lineStart;

  DocumentTokens(String source) {
    this.source = source;
  }

  Token next() {
    skipIgnored();
    SourceLocation location = location();
    if (atEnd()) {
      return new Token(Token.Kind.END, "", location);
    }
    char c = source.charAt(index);
    return switch (c) {
      case '!', '$', '&', '(', ')', ':', '=', '@', '[', ']', '{', '|', '}' -> {
        index++;
        yield new Token(Token.Kind.PUNCTUATOR, String.valueOf(c), location);
      }
      case '.' -> spread(location);
      case '"' -> string(location);
      default -> {
        if (isNameStart(c)) {
          yield name(location);
        }
        if (c == '-' || isDigit(c)) {
          yield number(location);
        }
        throw location.refusal("Unexpected character " + describe(c));
      }
    };
  }

  private void skipIgnored() {
    while (!atEnd()) {
      char c = source.charAt(index);
      if (c == ' ' || c == '\t' || c == ',' || c == '\uFEFF') {
        index++;
      } else if (isLineTerminator(c)) {
        lineTerminator();
      } else if (c == '#') {
        while (!atEnd() && !isLineTerminator(source.charAt(index))) {
          sourceCharacter();
        }
      } else {
        return;
      }
    }
  }

  private Token spread(SourceLocation location) {
    if (!source.startsWith("...", index)) {
      throw location.refusal("Expected '...', found a lone '.'");
    }
    index += 3;
    return new Token(Token.Kind.PUNCTUATOR, "...", location);
  }

  private Token name(SourceLocation location) {
    int start = index;
    while (isNameContinue(peek())) {
      index++;
    }
    return new Token(Token.Kind.NAME, source.substring(start, index), location);
  }

  /** IntValue or FloatValue (spec 2.9.1, 2.9.2), followed by neither a digit, '.' nor a name. */
  private Token number(SourceLocation location) {
    int start = index;
    if (peek() == '-') {
      index++;
    }
    if (peek() == '0') {
      index++;
    } else {
      digits("after '-'");
    }
    boolean fractional = false;
    if (peek() == '.') {
      index++;
      digits("after '.'");
      fractional = true;
    }
    if (peek() == 'e' || peek() == 'E') {
      index++;
      if (peek() == '+' || peek() == '-') {
        index++;
      }
      digits("in the exponent");
      fractional = true;
    }
    char after = peek();
    if (isDigit(after) || after == '.' || isNameStart(after)) {
      throw location()
          .refusal(
              "Unexpected character "
                  + describe(after)
                  + " after the number '"
                  + source.substring(start, index)
                  + "'");
    }
    return new Token(
        fractional ? Token.Kind.FLOAT : Token.Kind.INT, source.substring(start, index), location);
  }

  private void digits(String where) {
    if (!isDigit(peek())) {
      throw location().refusal("Expected a digit " + where + ", found " + describe(peek()));
    }
    while (isDigit(peek())) {
      index++;
    }
  }

  private Token string(SourceLocation location) {
    if (source.startsWith("\"\"\"", index)) {
      return blockString(location);
    }
    index++;
    while (true) {
      if (atEnd()) {
        throw location.refusal("Unterminated string");
      }
      char c = source.charAt(index);
      if (c == '"') {
        index++;
        return new Token(Token.Kind.STRING, "", location);
      } else if (isLineTerminator(c)) {
        throw location().refusal("Line break in a string (started at " + location + ")");
      } else if (c == '\\') {
        escapeSequence();
      } else {
        sourceCharacter();
      }
    }
  }

  private Token blockString(SourceLocation location) {
    index += 3;
    while (true) {
      if (atEnd()) {
        throw location.refusal("Unterminated block string");
      }
      if (source.startsWith("\"\"\"", index)) {
        index += 3;
        return new Token(Token.Kind.BLOCK_STRING, "", location);
      } else if (source.startsWith("\\\"\"\"", index)) {
        index += 4;
      } else if (isLineTerminator(source.charAt(index))) {
        lineTerminator();
      } else {
        sourceCharacter();
      }
    }
  }

  private void escapeSequence() {
    SourceLocation location = location();
    index++;
    char c = peek();
    switch (c) {
      case '"', '\\', '/', 'b', 'f', 'n', 'r', 't' -> index++;
      case 'u' -> {
        index++;
        unicodeEscape(location);
      }
      default -> throw location.refusal("Invalid escape sequence, " + describe(c) + " after '\\'");
    }
  }

  /**
   * The escape with braces names a Unicode scalar value; the one with four hex digits names one
   * too, or a leading surrogate that a four-digit escape of a trailing surrogate follows.
   */
  private void unicodeEscape(SourceLocation location) {
    if (peek() == '{') {
      index++;
      int value = 0;
      int digits = 0;
      while (peek() != '}') {
        int digit = Character.digit(peek(), 16);
        if (digit < 0 || !isAscii(peek())) {
          throw location.refusal("Invalid Unicode escape sequence");
        }
        value = Math.min(value * 16 + digit, Character.MAX_CODE_POINT + 1);
        digits++;
        index++;
      }
      index++;
      if (digits == 0 || value > Character.MAX_CODE_POINT || isSurrogate(value)) {
        throw location.refusal("Invalid Unicode escape sequence, not a Unicode scalar value");
      }
      return;
    }
    int value = fixedWidthHex(location);
    if (Character.isHighSurrogate((char) value)) {
      SourceLocation trailing = location();
      if (!source.startsWith("\\u", index)) {
        throw location.refusal("Unicode escape of a leading surrogate without a trailing one");
      }
      index += 2;
      if (!Character.isLowSurrogate((char) fixedWidthHex(trailing))) {
        throw location.refusal("Unicode escape of a leading surrogate without a trailing one");
      }
    } else if (Character.isLowSurrogate((char) value)) {
      throw location.refusal("Unicode escape of a trailing surrogate without a leading one");
    }
  }

  private int fixedWidthHex(SourceLocation location) {
    if (index + 4 > source.length()) {
      throw location.refusal("Invalid Unicode escape sequence");
    }
    int value = 0;
    for (int i = 0; i < 4; i++) {
      char c = source.charAt(index + i);
      int digit = Character.digit(c, 16);
      if (digit < 0 || !isAscii(c)) {
        throw location.refusal("Invalid Unicode escape sequence");
      }
      value = value * 16 + digit;
    }
    index += 4;
    return value;
  }

  /** Steps over one Unicode scalar value, which a Java string holds as one char or a pair. */
  private void sourceCharacter() {
    char c = source.charAt(index);
    if (Character.isHighSurrogate(c)
        && index + 1 < source.length()
        && Character.isLowSurrogate(source.charAt(index + 1))) {
      index += 2;
    } else if (Character.isSurrogate(c)) {
      throw location().refusal("Unpaired surrogate " + describe(c));
    } else {
      index++;
    }
  }

  private void lineTerminator() {
    if (source.charAt(index) == '\r' && peek(1) == '\n') {
      index++;
    }
    index++;
    line++;
    lineStart = index;
  }

  private SourceLocation location() {
    return new SourceLocation(line, index - lineStart + 1);
  }

  private char peek() {
    return peek(0);
  }

  /** The char {@code ahead} of the current one, or U+0000 past the end. */
  private char peek(int ahead) {
    return index + ahead < source.length() ? source.charAt(index + ahead) : '\0';
  }

  private boolean atEnd() {
    return index >= source.length();
  }

  private String describe(char c) {
    if (c == '\0' && atEnd()) {
      return "the end of the document";
    }
    if (c >= ' ' && c < 0x7F) {
      return "'" + c + "'";
    }
    return String.format("U+%04X", (int) c);
  }

  private static boolean isLineTerminator(char c) {
    return c == '\n' || c == '\r';
  }

  private static boolean isNameStart(char c) {
    return c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
  }

  private static boolean isNameContinue(char c) {
    return isNameStart(c) || isDigit(c);
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static boolean isAscii(char c) {
    return c < 0x80;
  }

  private static boolean isSurrogate(int codePoint) {
    return codePoint >= Character.MIN_SURROGATE && codePoint <= Character.MAX_SURROGATE;
  }
}
