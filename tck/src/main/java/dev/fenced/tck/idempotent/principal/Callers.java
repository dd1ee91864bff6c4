package dev.fenced.tck.idempotent.principal;

import jakarta.security.enterprise.SecurityContext;
import java.security.Principal;

/** Names the caller a bean method sees, for the outcomes the tests compare. */
public final class Callers {

  private Callers() {}

  /**
   * The caller's name.
   *
   * @param security the container's security context
   * @return the caller principal's name, {@code nobody} without one
   */
  public static String name(SecurityContext security) {
    Principal caller = security.getCallerPrincipal();
    return caller == null ? "nobody" : caller.getName();
  }
}
