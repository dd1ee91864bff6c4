package dev.fenced.tck.extension.leader;

import dev.fenced.locks.LeaderElection;
import jakarta.enterprise.util.AnnotationLiteral;

/** A {@code @LeaderElection} instance built in code, as an extension adds it. */
public final class LeaderElectionLiteral extends AnnotationLiteral<LeaderElection>
    implements LeaderElection {

  private static final long serialVersionUID = 1L;

  private final String value;
  private final String ttl;

  /**
   * Creates the literal.
   *
   * @param value the election key
   * @param ttl the {@code ttl} member
   */
  public LeaderElectionLiteral(String value, String ttl) {
    this.value = value;
    this.ttl = ttl;
  }

  @Override
  public String value() {
    return value;
  }

  @Override
  public String ttl() {
    return ttl;
  }
}
