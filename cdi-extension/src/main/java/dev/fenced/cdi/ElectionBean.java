package dev.fenced.cdi;

import dev.fenced.cdi.config.LeaderElectionModel;
import jakarta.enterprise.inject.spi.Bean;
import java.util.Objects;

/**
 * A {@code @LeaderElection} bean as the runtime starts it: its validated model and the CDI bean
 * whose instance gets the callbacks.
 *
 * @param model the election
 * @param bean the {@code @ApplicationScoped} bean
 */
public record ElectionBean(LeaderElectionModel model, Bean<?> bean) {

  /**
   * Validates the components.
   *
   * @param model never {@code null}
   * @param bean never {@code null}
   */
  public ElectionBean {
    Objects.requireNonNull(model, "model");
    Objects.requireNonNull(bean, "bean");
  }
}
