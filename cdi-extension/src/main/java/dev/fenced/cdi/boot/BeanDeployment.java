package dev.fenced.cdi.boot;

import dev.fenced.cdi.boot.check.Deployment;
import dev.fenced.cdi.config.ConfigLookup;
import dev.fenced.cdi.model.ElectionBean;
import dev.fenced.cdi.model.IdempotentMethod;
import dev.fenced.cdi.model.JobMethod;
import dev.fenced.idempotency.spi.CompletionWithWork;
import dev.fenced.idempotency.spi.IdempotencyStore;
import jakarta.enterprise.inject.AmbiguousResolutionException;
import jakarta.enterprise.inject.literal.NamedLiteral;
import jakarta.enterprise.inject.spi.Bean;
import jakarta.enterprise.inject.spi.BeanManager;
import java.util.Collection;
import java.util.Set;

/**
 * The deployment as the checks see it, with the container's beans behind {@link #candidates}.
 *
 * @param config the application's config
 * @param idempotentMethods the {@code @Idempotent} methods to check
 * @param jobs every job
 * @param elections every election
 * @param usesLocks whether the application uses locks
 * @param beans the container's beans
 */
record BeanDeployment(
    ConfigLookup config,
    Collection<IdempotentMethod> idempotentMethods,
    Collection<JobMethod> jobs,
    Collection<ElectionBean> elections,
    boolean usesLocks,
    BeanManager beans)
    implements Deployment {

  @Override
  public int candidates(Class<?> type, String name) {
    Set<Bean<?>> found = beans.getBeans(type, NamedLiteral.of(name));
    if (found.size() <= 1) {
      return found.size();
    }
    try {
      beans.resolve(found);
      return 1;
    } catch (AmbiguousResolutionException e) {
      return found.size();
    }
  }

  @Override
  public boolean hasBean(Class<?> type) {
    return !beans.getBeans(type).isEmpty();
  }

  @Override
  public boolean completesWithWork(String name) {
    return beans.getBeans(IdempotencyStore.class, NamedLiteral.of(name)).stream()
        .anyMatch(bean -> bean.getTypes().contains(CompletionWithWork.class));
  }
}
