package dev.fenced.cdi.deployment;

import java.util.Optional;

/**
 * Checks that the {@code scope} of a guarded method names exactly one CDI bean ({@code @Named})
 * implementing {@code IdempotencyScopeResolver}, unless it is empty (the caller principal) or
 * {@code global}.
 */
public final class ScopeCheck {

  private ScopeCheck() {}

  /**
   * What is wrong with a method's scope.
   *
   * @param target the guarded method, {@code com.example.Pay.pay}
   * @param scope the resolved scope value
   * @param candidates how many enabled resolver beans carry the name and cannot be told apart
   * @return the problem, or empty
   */
  public static Optional<String> problem(String target, String scope, int candidates) {
    if (scope.isEmpty() || scope.equals("global") || candidates == 1) {
      return Optional.empty();
    }
    String start = target + ": scope \"" + scope + "\" ";
    if (candidates > 1) {
      return Optional.of(
          start
              + "is ambiguous: "
              + candidates
              + " CDI beans with that name implement"
              + " dev.fenced.idempotency.IdempotencyScopeResolver; keep one");
    }
    return Optional.of(
        start
            + "names no CDI bean implementing dev.fenced.idempotency.IdempotencyScopeResolver;"
            + " annotate your resolver with @Named(\""
            + scope
            + "\"), or use an empty scope (the caller principal) or \"global\"");
  }
}
