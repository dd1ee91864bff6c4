package dev.fenced.cdi.call;

import dev.fenced.ErrorCode;

/** Where a guarded call reports replays, rejections and lost locks: CDI events in a server. */
public interface IdempotencyEvents {

  /** Reports nothing. */
  IdempotencyEvents NONE =
      new IdempotencyEvents() {
        @Override
        public void replayed(String target, String key) {}

        @Override
        public void rejected(String target, String key, ErrorCode code) {}

        @Override
        public void lockLost(String target, String key) {}
      };

  /**
   * A repeat got the stored outcome.
   *
   * @param target what was called
   * @param key the caller's key
   */
  void replayed(String target, String key);

  /**
   * A call was refused without running.
   *
   * @param target what was called
   * @param key the caller's key, or {@code null} when there was none
   * @param code why
   */
  void rejected(String target, String key, ErrorCode code);

  /**
   * The lock of a running call was lost.
   *
   * @param target what was called
   * @param key the caller's key
   */
  void lockLost(String target, String key);
}
