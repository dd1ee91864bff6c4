package dev.fenced.store.jpa;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;

/**
 * Maps {@code fenced_locks} so a JPA provider can validate the schema; the store itself uses native
 * statements only and never loads this entity. Read-only by intent.
 */
@Entity(name = "FencedLock")
@Table(name = "fenced_locks")
public class LockEntity {

  @Id
  @Column(name = "key_hash", nullable = false, columnDefinition = "text")
  private String keyHash;

  @Column(name = "key", nullable = false, columnDefinition = "text")
  private String key;

  @Column(name = "owner", nullable = false, columnDefinition = "text")
  private String owner;

  @Column(name = "token", nullable = false)
  private long token;

  @Column(name = "expires_at", nullable = false, columnDefinition = "timestamptz")
  private OffsetDateTime expiresAt;

  /** For JPA. */
  protected LockEntity() {}

  /**
   * The key's SHA-256 in lower-case hex.
   *
   * @return the primary key
   */
  public String getKeyHash() {
    return keyHash;
  }

  /**
   * The lock key, whole.
   *
   * @return the key
   */
  public String getKey() {
    return key;
  }

  /**
   * The last owner that acquired the lock.
   *
   * @return the owner
   */
  public String getOwner() {
    return owner;
  }

  /**
   * The fencing token of the last acquisition.
   *
   * @return the token
   */
  public long getToken() {
    return token;
  }

  /**
   * When the lock stops existing, on the database's clock (the time of its release once released).
   *
   * @return the expiry
   */
  public OffsetDateTime getExpiresAt() {
    return expiresAt;
  }
}
