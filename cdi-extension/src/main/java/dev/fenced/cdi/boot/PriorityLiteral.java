package dev.fenced.cdi.boot;

import jakarta.annotation.Priority;
import jakarta.enterprise.util.AnnotationLiteral;

/** A {@code @Priority} instance, to move the interceptor's priority from config at boot. */
final class PriorityLiteral extends AnnotationLiteral<Priority> implements Priority {

  private static final long serialVersionUID = 1L;

  private final int value;

  PriorityLiteral(int value) {
    this.value = value;
  }

  @Override
  public int value() {
    return value;
  }
}
