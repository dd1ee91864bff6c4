package dev.fenced.telemetry;

import dev.fenced.ErrorCode;

/** The {@code fenced.outcome} of a refused idempotent call, from its error code. */
final class IdempotencyOutcomes {

  private IdempotencyOutcomes() {}

  /**
   * The outcome of a call refused with {@code code}.
   *
   * @param code why the call was refused
   * @return {@code conflict} (409), {@code reused} (422), {@code unavailable} (503), {@code
   *     unreadable}, {@code invalid} (400, 413), or {@code failed} (any other)
   */
  static String of(ErrorCode code) {
    if (code == ErrorCode.IDEMPOTENCY_RECORD_UNREADABLE) {
      return "unreadable";
    }
    return switch (code.httpStatus()) {
      case 409 -> "conflict";
      case 422 -> "reused";
      case 503 -> "unavailable";
      case 400, 413 -> "invalid";
      default -> "failed";
    };
  }
}
