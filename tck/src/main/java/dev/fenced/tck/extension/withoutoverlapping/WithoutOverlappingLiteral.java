package dev.fenced.tck.extension.withoutoverlapping;

import dev.fenced.locks.WithoutOverlapping;
import jakarta.enterprise.util.AnnotationLiteral;

/** A {@code @WithoutOverlapping} instance built in code, as an extension adds it. */
public final class WithoutOverlappingLiteral extends AnnotationLiteral<WithoutOverlapping>
    implements WithoutOverlapping {

  private static final long serialVersionUID = 1L;

  private final String key;
  private final String ttl;

  /**
   * Creates the literal.
   *
   * @param key the {@code key} member
   * @param ttl the {@code ttl} member
   */
  public WithoutOverlappingLiteral(String key, String ttl) {
    this.key = key;
    this.ttl = ttl;
  }

  @Override
  public String key() {
    return key;
  }

  @Override
  public String ttl() {
    return ttl;
  }

  @Override
  public String lockAtLeastFor() {
    return "";
  }

  @Override
  public String lockAtMostFor() {
    return "";
  }
}
