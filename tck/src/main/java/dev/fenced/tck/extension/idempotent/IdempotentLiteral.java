package dev.fenced.tck.extension.idempotent;

import dev.fenced.idempotency.Idempotent;
import dev.fenced.idempotency.OnConflict;
import dev.fenced.idempotency.StoreIf;
import jakarta.enterprise.util.AnnotationLiteral;

/**
 * An {@code @Idempotent} instance built in code, as an extension adds it: {@code required} and
 * {@code replayHeaders} as given, every other member its default.
 */
public final class IdempotentLiteral extends AnnotationLiteral<Idempotent> implements Idempotent {

  private static final long serialVersionUID = 1L;

  private final boolean required;
  private final String[] replayHeaders;

  /**
   * Creates the literal.
   *
   * @param required the {@code required} member
   * @param replayHeaders the {@code replayHeaders} member
   */
  public IdempotentLiteral(boolean required, String... replayHeaders) {
    this.required = required;
    this.replayHeaders = replayHeaders.clone();
  }

  @Override
  public String ttl() {
    return "";
  }

  @Override
  public String lockTtl() {
    return "";
  }

  @Override
  public boolean required() {
    return required;
  }

  @Override
  public String scope() {
    return "";
  }

  @Override
  public String[] replayHeaders() {
    return replayHeaders.clone();
  }

  @Override
  public String[] ignoredFields() {
    return new String[0];
  }

  @Override
  public String bodyFingerprint() {
    return "";
  }

  @Override
  public StoreIf storeIf() {
    return StoreIf.NOT_SERVER_ERROR;
  }

  @Override
  public int[] storeStatuses() {
    return new int[0];
  }

  @Override
  @SuppressWarnings("unchecked")
  public Class<? extends Exception>[] storeOn() {
    return new Class[0];
  }

  @Override
  public String keyFrom() {
    return "";
  }

  @Override
  public String retryAfter() {
    return "";
  }

  @Override
  public OnConflict onConflict() {
    return OnConflict.REJECT;
  }

  @Override
  public String waitTimeout() {
    return "";
  }
}
