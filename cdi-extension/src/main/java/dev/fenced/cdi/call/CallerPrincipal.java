package dev.fenced.cdi.call;

import jakarta.enterprise.inject.Instance;
import java.lang.System.Logger.Level;
import java.security.Principal;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The authenticated caller of the current non-HTTP call, as the container knows it: the caller
 * principal of Jakarta Security's {@code SecurityContext} where the server has Jakarta Security
 * (which says {@code null} for an unauthenticated caller), else the CDI built-in {@link Principal}
 * bean, which is what {@code EJBContext.getCallerPrincipal()} returns.
 *
 * <p>Unauthenticated callers have no principal. The CDI bean and EJBs still name one on some
 * servers, the same for every unauthenticated caller: WildFly's {@value #WILDFLY_ANONYMOUS} and
 * Open Liberty's {@value #LIBERTY_UNAUTHENTICATED}. Both count as no principal, so that an
 * unauthenticated call gets the global scope on every server of a mixed cluster, as it does over
 * HTTP.
 */
public final class CallerPrincipal {

  /** The name WildFly (Elytron) gives the unauthenticated identity. */
  static final String WILDFLY_ANONYMOUS = "anonymous";

  /** The name Open Liberty gives the unauthenticated subject. */
  static final String LIBERTY_UNAUTHENTICATED = "UNAUTHENTICATED";

  private static final Set<String> UNAUTHENTICATED =
      Set.of(WILDFLY_ANONYMOUS, LIBERTY_UNAUTHENTICATED);

  private static final String SECURITY_CONTEXT = "jakarta.security.enterprise.SecurityContext";

  private static final System.Logger LOG = System.getLogger("dev.fenced.idempotency");

  private final Instance<Object> beans;
  private volatile Supplier<Principal> caller;

  /**
   * Reads the caller from the application's beans.
   *
   * @param beans the application's beans ({@code @Any Instance<Object>})
   */
  public CallerPrincipal(Instance<Object> beans) {
    this.beans = beans;
  }

  /**
   * The name of the current caller.
   *
   * @return the principal's name, or empty when the caller is unauthenticated
   */
  public Optional<String> name() {
    Principal principal;
    try {
      principal = caller().get();
      return name(principal);
    } catch (RuntimeException e) {
      // Weld's Principal bean throws when the container has no caller (Open Liberty's does)
      LOG.log(Level.DEBUG, "The container names no caller; the call is unauthenticated", e);
      return Optional.empty();
    }
  }

  /**
   * Where the caller comes from, found once: both the Jakarta Security context and the built-in
   * bean are proxies that answer for the caller of the moment, so one instance serves every call.
   */
  private Supplier<Principal> caller() {
    Supplier<Principal> found = caller;
    if (found == null) {
      if (jakartaSecurityPresent() && SecurityContextCaller.resolvable(beans)) {
        found = SecurityContextCaller.of(beans);
      } else {
        Instance<Principal> bean = beans.select(Principal.class);
        Principal principal = bean.isResolvable() ? bean.get() : null;
        found = () -> principal;
      }
      caller = found;
    }
    return found;
  }

  /**
   * The name of a principal, none for an unauthenticated one.
   *
   * @param principal a principal, or {@code null}
   * @return its name, or empty when it is {@code null}, has no name or is a server's
   *     unauthenticated identity
   */
  static Optional<String> name(Principal principal) {
    if (principal == null || principal.getName() == null) {
      return Optional.empty();
    }
    String name = principal.getName();
    return name.isEmpty() || UNAUTHENTICATED.contains(name) ? Optional.empty() : Optional.of(name);
  }

  private static boolean jakartaSecurityPresent() {
    try {
      Class.forName(SECURITY_CONTEXT, false, CallerPrincipal.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }
}
