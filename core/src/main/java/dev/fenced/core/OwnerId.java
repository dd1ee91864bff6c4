package dev.fenced.core;

import java.util.UUID;

/** Random owner ids: one per attempt or acquisition, so a stale holder's writes are refused. */
public final class OwnerId {

  private OwnerId() {}

  /**
   * A new random owner id.
   *
   * @return 32 lowercase hex characters from 122 random bits
   */
  public static String random() {
    return UUID.randomUUID().toString().replace("-", "");
  }
}
