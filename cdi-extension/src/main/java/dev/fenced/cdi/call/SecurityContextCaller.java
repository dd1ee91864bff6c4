package dev.fenced.cdi.call;

import jakarta.enterprise.inject.Instance;
import jakarta.security.enterprise.SecurityContext;
import java.security.Principal;
import java.util.function.Supplier;

/**
 * Jakarta Security's view of the caller. A class of its own, loaded only once {@link
 * CallerPrincipal} has seen the Jakarta Security API on the class path: a server without it (Open
 * Liberty without {@code appSecurity}) would fail to link any class that names {@link
 * SecurityContext}.
 */
final class SecurityContextCaller {

  private SecurityContextCaller() {}

  static boolean resolvable(Instance<Object> beans) {
    return beans.select(SecurityContext.class).isResolvable();
  }

  static Supplier<Principal> of(Instance<Object> beans) {
    SecurityContext context = beans.select(SecurityContext.class).get();
    return context::getCallerPrincipal;
  }
}
