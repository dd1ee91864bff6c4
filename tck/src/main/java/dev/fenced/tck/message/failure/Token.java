package dev.fenced.tck.message.failure;

/**
 * A value JSON-B writes but cannot read back: {@code value} has a getter and no setter, so a replay
 * would lack it. Fenced must refuse to store it rather than replay an empty token.
 */
public class Token {

  private String value;

  /** For JSON-B. */
  public Token() {}

  /**
   * A token holding {@code value}.
   *
   * @param value the secret
   */
  public Token(String value) {
    this.value = value;
  }

  /**
   * The value.
   *
   * @return the value
   */
  public String getValue() {
    return value;
  }
}
