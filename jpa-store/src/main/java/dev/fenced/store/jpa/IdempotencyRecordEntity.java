package dev.fenced.store.jpa;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;

/**
 * Maps {@code fenced_idempotency} so a JPA provider can validate the schema; the store itself uses
 * native statements only and never loads this entity. Read-only by intent.
 */
@Entity(name = "FencedIdempotencyRecord")
@Table(name = "fenced_idempotency")
public class IdempotencyRecordEntity {

  @Id
  @Column(name = "key_hash", nullable = false, columnDefinition = "text")
  private String keyHash;

  @Column(name = "key", nullable = false, columnDefinition = "text")
  private String key;

  @Column(name = "fingerprint", nullable = false, columnDefinition = "text")
  private String fingerprint;

  @Column(name = "owner", columnDefinition = "text")
  private String owner;

  @Column(name = "payload", columnDefinition = "bytea")
  private byte[] payload;

  @Column(name = "expires_at", nullable = false, columnDefinition = "timestamptz")
  private OffsetDateTime expiresAt;

  @Column(name = "committed_until", columnDefinition = "timestamptz")
  private OffsetDateTime committedUntil;

  @Column(name = "claimed_at", columnDefinition = "timestamptz")
  private OffsetDateTime claimedAt;

  @Column(name = "awaited", columnDefinition = "boolean")
  private Boolean awaited;

  /** For JPA. */
  protected IdempotencyRecordEntity() {}

  /**
   * The key's SHA-256 in lower-case hex.
   *
   * @return the primary key
   */
  public String getKeyHash() {
    return keyHash;
  }

  /**
   * The record key, whole.
   *
   * @return the key
   */
  public String getKey() {
    return key;
  }

  /**
   * The fingerprint stored by the first request.
   *
   * @return the fingerprint
   */
  public String getFingerprint() {
    return fingerprint;
  }

  /**
   * The attempt holding the lock; {@code null} once completed.
   *
   * @return the owner or {@code null}
   */
  public String getOwner() {
    return owner;
  }

  /**
   * The stored outcome; {@code null} while in flight.
   *
   * @return a copy of the payload, or {@code null}
   */
  public byte[] getPayload() {
    return payload == null ? null : payload.clone();
  }

  /**
   * When the record stops existing, on the database's clock.
   *
   * @return the expiry
   */
  public OffsetDateTime getExpiresAt() {
    return expiresAt;
  }

  /**
   * Until when the record is kept although its lock expired, because its work committed before its
   * outcome was recorded; {@code null} without a commit mark.
   *
   * @return the end of the commit mark, or {@code null}
   */
  public OffsetDateTime getCommittedUntil() {
    return committedUntil;
  }
}
