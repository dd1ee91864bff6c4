package dev.fenced;

/**
 * The stable catalogue of error codes. A code never changes meaning once released; new codes may be
 * added.
 *
 * <p>Over HTTP the code is the {@code code} member of an RFC 9457 problem-details body and {@link
 * #httpStatus()} is the response status. Outside HTTP the status is informational only.
 */
public enum ErrorCode {
  /** A request with the same key is still running; retry after {@code Retry-After} seconds. */
  IDEMPOTENCY_KEY_IN_USE(409, "Idempotency key in use"),
  /** The key was used before with a different request fingerprint (another payload or target). */
  IDEMPOTENCY_KEY_REUSED(422, "Idempotency key reused"),
  /** The method requires an idempotency key and the request carried none. */
  IDEMPOTENCY_KEY_REQUIRED(400, "Idempotency key required"),
  /** The key is empty, longer than 255 characters or holds a character outside printable ASCII. */
  IDEMPOTENCY_KEY_INVALID(400, "Idempotency key invalid"),
  /** The stored record could not be decrypted or decoded; the method was not run. */
  IDEMPOTENCY_RECORD_UNREADABLE(500, "Idempotency record unreadable"),
  /** The idempotency store could not be reached; the method was not run. */
  IDEMPOTENCY_STORE_UNAVAILABLE(503, "Idempotency store unavailable"),
  /** A waiting duplicate gave up before the first execution finished. */
  IDEMPOTENCY_WAIT_TIMEOUT(409, "Idempotency wait timed out"),
  /** The outcome of the method cannot be stored faithfully, so it would not replay as it ran. */
  IDEMPOTENCY_OUTCOME_NOT_STORABLE(500, "Idempotency outcome not storable"),
  /**
   * An argument of a non-HTTP call cannot be written with JSON-B, so a repeat under its key could
   * not be told from a different call; nothing was claimed and the method was not run. Give the
   * parameter a type JSON-B writes, or make it a container object.
   */
  IDEMPOTENCY_ARGUMENT_NOT_COMPARABLE(500, "Idempotency argument not comparable"),
  /**
   * The request body is larger than {@code fenced.idempotency.max-request-size}; nothing was
   * claimed and the method was not run. Send a smaller body, or raise the limit.
   */
  IDEMPOTENCY_REQUEST_TOO_LARGE(413, "Idempotency request too large"),
  /**
   * The request body declares a {@code Content-Encoding} ({@code gzip}, {@code deflate}) it is not
   * encoded in (a truncated or corrupt stream); nothing was claimed and the method was not run.
   * Send the body encoded as declared, or without {@code Content-Encoding}.
   */
  IDEMPOTENCY_REQUEST_ENCODING_INVALID(400, "Idempotency request encoding invalid"),
  /**
   * The request body has a {@code Content-Encoding} Fenced cannot decode to fingerprint it
   * (anything but {@code gzip}, {@code x-gzip}, {@code deflate} and {@code identity}); nothing was
   * claimed and the method was not run. Send the body with a coding the response's {@code
   * Accept-Encoding} lists, or without one.
   */
  IDEMPOTENCY_REQUEST_ENCODING_UNSUPPORTED(415, "Idempotency request encoding unsupported"),
  /**
   * The stored response under this key was sent in a content coding Fenced cannot undo, and this
   * retry's {@code Accept-Encoding} does not accept it; the method was not run again. Retry with an
   * {@code Accept-Encoding} that accepts the coding.
   */
  IDEMPOTENCY_REPLAY_NOT_ACCEPTABLE(406, "Idempotency replay not acceptable"),
  /**
   * The call's claim on its key was lost before its outcome could be recorded with its work ({@code
   * fenced.idempotency.commit=with-work}): the work's transaction rolls back, as another attempt
   * may run it. Retry with the same key.
   */
  IDEMPOTENCY_LOCK_LOST(409, "Idempotency lock lost"),
  /**
   * The request under this key was carried out and its work committed, but its response was never
   * recorded (the server failed between the commit and the response, {@code
   * fenced.idempotency.commit=with-work}): it is not run again, and there is nothing to replay.
   * Look the result up by other means; to do the work once more, send a new key.
   */
  IDEMPOTENCY_OUTCOME_LOST(409, "Idempotency outcome lost"),
  /**
   * The application's {@code IdempotencyKeyResolver} ({@code keyFrom = "bean:<name>"}) threw while
   * computing the request's key; nothing was claimed and the method was not run. The server log
   * holds the exception; fix the resolver.
   */
  IDEMPOTENCY_KEY_UNRESOLVABLE(500, "Idempotency key unresolvable"),
  /** A lock was held by someone else for the whole wait. */
  LOCK_NOT_ACQUIRED(409, "Lock not acquired"),
  /** A held lock was lost: another holder may be in the critical section now. */
  LOCK_LOST(409, "Lock lost"),
  /** The lock store could not be reached; the guarded work was not run. */
  LOCK_STORE_UNAVAILABLE(503, "Lock store unavailable"),
  /**
   * A write carried a fencing token lower than one the resource already admitted: a newer holder of
   * the lock has written since. The write's transaction rolls back.
   */
  FENCING_TOKEN_STALE(409, "Fencing token stale"),
  /**
   * An operator's {@code FencedAdmin} call needs an administration SPI that the store in use does
   * not implement; nothing was read or changed.
   */
  STORE_ADMINISTRATION_UNSUPPORTED(501, "Store administration unsupported");

  private final int httpStatus;
  private final String title;

  ErrorCode(int httpStatus, String title) {
    this.httpStatus = httpStatus;
    this.title = title;
  }

  /**
   * The HTTP status an HTTP endpoint answers with for this code.
   *
   * @return a status between 400 and 599
   */
  public int httpStatus() {
    return httpStatus;
  }

  /**
   * A short, fixed, human-readable summary (the {@code title} of a problem-details body).
   *
   * @return the title, never {@code null}
   */
  public String title() {
    return title;
  }
}
