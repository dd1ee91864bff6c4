package dev.fenced.tck.encryption.common;

import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.idempotency.spi.IdempotencyStore;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.enterprise.inject.literal.NamedLiteral;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The deployment's idempotency store ({@code fenced.idempotency.store=}{@value #NAME}): every call
 * goes to the cell's store, named by {@value #DELEGATE} ({@code memory}, the default, is a {@link
 * MapIdempotencyStore} of this deployment). The test reads records as the store holds them, plants
 * records under any key, and has the next record of a key changed on its way into the store.
 */
@ApplicationScoped
@Named(RecordWindow.NAME)
public class RecordWindow implements IdempotencyStore {

  /** The bean name the deployments select. */
  public static final String NAME = "tck-window";

  /** The config property naming the store of the cell. */
  public static final String DELEGATE = "fenced.tck.encryption.delegate";

  private static final long PLANTED_TTL_MILLIS = 600_000;

  @Inject @Any Instance<IdempotencyStore> stores;

  private final Set<String> toTamper = ConcurrentHashMap.newKeySet();
  private IdempotencyStore delegate;

  @PostConstruct
  void select() {
    String name =
        ConfigProvider.getConfig().getOptionalValue(DELEGATE, String.class).orElse("memory");
    delegate =
        name.equals("memory")
            ? new MapIdempotencyStore()
            : stores.select(IdempotencyStore.class, NamedLiteral.of(name)).get();
  }

  @Override
  public AcquireResult acquire(String key, String owner, String fingerprint, long lockTtlMillis) {
    return delegate.acquire(key, owner, fingerprint, lockTtlMillis);
  }

  @Override
  public boolean complete(String key, String owner, byte[] payload, long ttlMillis) {
    byte[] stored = toTamper.remove(key) ? tampered(payload) : payload;
    return delegate.complete(key, owner, stored, ttlMillis);
  }

  @Override
  public boolean release(String key, String owner) {
    return delegate.release(key, owner);
  }

  @Override
  public boolean extend(String key, String owner, long lockTtlMillis) {
    return delegate.extend(key, owner, lockTtlMillis);
  }

  /**
   * The completed record of a key, exactly as the store returns it.
   *
   * @param recordKey the record key
   * @return the record, or empty when none is completed
   */
  public Optional<StoredRecord> read(String recordKey) {
    String owner = "tck-reader-" + UUID.randomUUID();
    AcquireResult result = delegate.acquire(recordKey, owner, "tck-probe", 1_000);
    if (result instanceof AcquireResult.Acquired) {
      delegate.release(recordKey, owner);
    }
    return result instanceof AcquireResult.Completed completed
        ? Optional.of(new StoredRecord(completed.fingerprint(), completed.payload()))
        : Optional.empty();
  }

  /**
   * Stores a completed record under a key, as another instance (or an attacker with access to the
   * store) would.
   *
   * @param recordKey the record key
   * @param record the fingerprint and bytes to store
   * @return {@code true} when planted; {@code false} when the key already holds a record or lock
   */
  public boolean plant(String recordKey, StoredRecord record) {
    String owner = "tck-planter-" + UUID.randomUUID();
    AcquireResult result =
        delegate.acquire(recordKey, owner, record.fingerprint(), PLANTED_TTL_MILLIS);
    return result instanceof AcquireResult.Acquired
        && delegate.complete(recordKey, owner, record.payload(), PLANTED_TTL_MILLIS);
  }

  /**
   * Changes one character of the ciphertext of the next record completed under a key, on its way
   * into the store.
   *
   * @param recordKey the record key
   */
  public void tamperWithNext(String recordKey) {
    toTamper.add(recordKey);
  }

  /** The first character of the envelope's fourth part (the ciphertext) replaced by another. */
  private static byte[] tampered(byte[] payload) {
    byte[] copy = payload.clone();
    String text = new String(copy, StandardCharsets.US_ASCII);
    int dots = 0;
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '.' && ++dots == 3) {
        copy[i + 1] = (byte) (copy[i + 1] == 'A' ? 'B' : 'A');
        return copy;
      }
    }
    copy[copy.length / 2] ^= 1;
    return copy;
  }
}
