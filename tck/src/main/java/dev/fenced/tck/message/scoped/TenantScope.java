package dev.fenced.tck.message.scoped;

import dev.fenced.idempotency.IdempotencyScopeResolver;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;

/** Scopes keys by the tenant of the request: {@code scope = "tenant"}. */
@Named("tenant")
@ApplicationScoped
public class TenantScope implements IdempotencyScopeResolver {

  @Inject Tenant tenant;

  @Override
  public String currentScope() {
    return tenant.name();
  }
}
