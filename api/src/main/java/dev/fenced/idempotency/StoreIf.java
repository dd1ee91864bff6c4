package dev.fenced.idempotency;

/** Which outcomes of an {@link Idempotent} method are stored and replayed. */
public enum StoreIf {
  /**
   * The default: HTTP statuses below 500 (2xx, 3xx and 4xx, including those an {@code
   * ExceptionMapper} produced) and normal returns of non-HTTP methods are stored; 5xx and
   * exceptions release the key.
   */
  NOT_SERVER_ERROR,
  /** Only 2xx statuses and normal returns are stored; every other outcome releases the key. */
  SUCCESS
}
