package dev.fenced.tck.idempotent.principal;

import dev.fenced.idempotency.IdempotencyScopeResolver;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.servlet.http.HttpServletRequest;

/** Scopes keys by the branch a request names ({@code ?branch=}), whoever sends it. */
@Named(BranchScope.NAME)
@ApplicationScoped
public class BranchScope implements IdempotencyScopeResolver {

  /** The resolver's name, for {@code scope}. */
  public static final String NAME = "branch";

  @Inject HttpServletRequest request;

  @Override
  public String currentScope() {
    String branch = request.getParameter("branch");
    return branch == null ? "" : branch;
  }
}
