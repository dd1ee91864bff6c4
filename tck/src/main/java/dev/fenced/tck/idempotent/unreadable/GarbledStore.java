package dev.fenced.tck.idempotent.unreadable;

import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.idempotency.spi.IdempotencyStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Named;
import java.nio.charset.StandardCharsets;

/**
 * A custom store whose every key already holds a completed record with the caller's own
 * fingerprint, but bytes that are not a Fenced record.
 */
@ApplicationScoped
@Named(GarbledStore.NAME)
public class GarbledStore implements IdempotencyStore {

  /** The bean name the deployment's config selects. */
  public static final String NAME = "garbled";

  private static final byte[] NOT_A_RECORD =
      "this is not a Fenced record \u0000\u00ff".getBytes(StandardCharsets.UTF_8);

  @Override
  public AcquireResult acquire(String key, String owner, String fingerprint, long lockTtlMillis) {
    return new AcquireResult.Completed(fingerprint, NOT_A_RECORD);
  }

  @Override
  public boolean complete(String key, String owner, byte[] payload, long ttlMillis) {
    return false;
  }

  @Override
  public boolean release(String key, String owner) {
    return false;
  }

  @Override
  public boolean extend(String key, String owner, long lockTtlMillis) {
    return false;
  }
}
