package dev.fenced.tck.idempotent.scope;

import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.SecurityContext;
import jakarta.ws.rs.ext.Provider;
import java.security.Principal;

/**
 * Authenticates a request as the user named in the {@value #USER_HEADER} header, so the tests need
 * no server security setup. Without the header the request stays unauthenticated.
 */
@Provider
@Priority(Priorities.AUTHENTICATION)
public class HeaderPrincipalFilter implements ContainerRequestFilter {

  /** The header naming the caller. */
  public static final String USER_HEADER = "X-Tck-User";

  @Override
  public void filter(ContainerRequestContext request) {
    String user = request.getHeaderString(USER_HEADER);
    if (user == null) {
      return;
    }
    SecurityContext original = request.getSecurityContext();
    Principal principal = () -> user;
    request.setSecurityContext(
        new SecurityContext() {
          @Override
          public Principal getUserPrincipal() {
            return principal;
          }

          @Override
          public boolean isUserInRole(String role) {
            return false;
          }

          @Override
          public boolean isSecure() {
            return original != null && original.isSecure();
          }

          @Override
          public String getAuthenticationScheme() {
            return "TCK";
          }
        });
  }
}
