package dev.fenced.cdi.boot.check;

import dev.fenced.cdi.config.ConfigLookup;
import dev.fenced.cdi.model.ElectionBean;
import dev.fenced.cdi.model.IdempotentMethod;
import dev.fenced.cdi.model.JobMethod;
import java.util.Collection;

/** What a {@link DeploymentCheck} looks at: the models read, the config and the beans. */
public interface Deployment {

  /**
   * The application's configuration.
   *
   * @return the lookup
   */
  ConfigLookup config();

  /**
   * The {@code @Idempotent} methods to check.
   *
   * @return the methods
   */
  Collection<IdempotentMethod> idempotentMethods();

  /**
   * Every job of the deployment.
   *
   * @return the jobs
   */
  Collection<JobMethod> jobs();

  /**
   * Every election of the deployment.
   *
   * @return the elections
   */
  Collection<ElectionBean> elections();

  /**
   * Whether the application uses locks (see {@code ModelProvider.usesLocks}).
   *
   * @return whether it does
   */
  boolean usesLocks();

  /**
   * How many enabled beans of a type carry a name and cannot be told apart.
   *
   * @param type the bean type
   * @param name the {@code @Named} value
   * @return 0, 1, or more when ambiguous
   */
  int candidates(Class<?> type, String name);

  /**
   * Whether the idempotency store named {@code name} can record outcomes with the work.
   *
   * @param name the selected store's name
   * @return whether a bean of that name implements {@code CompletionWithWork}
   */
  boolean completesWithWork(String name);

  /**
   * Whether the application has an enabled bean of a type.
   *
   * @param type the bean type
   * @return whether at least one bean has it
   */
  boolean hasBean(Class<?> type);
}
