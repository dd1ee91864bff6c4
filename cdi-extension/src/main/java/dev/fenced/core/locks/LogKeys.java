package dev.fenced.core.locks;

/** Lock keys as they appear in logs: long keys are cut, so logs never hold a full long key. */
final class LogKeys {

  private static final int SHOWN = 32;

  private LogKeys() {}

  /**
   * The key as logged.
   *
   * @return up to 32 characters of {@code key}, with a hash of the whole key when longer
   */
  static String of(String key) {
    if (key.length() <= SHOWN) {
      return "'" + key + "'";
    }
    return "'"
        + key.substring(0, SHOWN)
        + "…' (#"
        + Integer.toHexString(key.hashCode())
        + ", "
        + key.length()
        + " chars)";
  }
}
