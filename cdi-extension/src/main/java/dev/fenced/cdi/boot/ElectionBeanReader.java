package dev.fenced.cdi.boot;

import dev.fenced.DeploymentProblem;
import dev.fenced.cdi.config.ConfigLookup;
import dev.fenced.cdi.config.Defaults;
import dev.fenced.cdi.model.ElectionBean;
import dev.fenced.locks.LeaderElection;
import dev.fenced.locks.OnLeadershipAcquired;
import dev.fenced.locks.OnLeadershipLost;
import jakarta.enterprise.inject.spi.AnnotatedType;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Builds the {@link ElectionBean} of a bean class from the {@link LeaderElection} annotation CDI
 * gives its type and MicroProfile Config, or reports every problem with them. The ttl follows
 * {@code <class>/LeaderElection/ttl}, {@code LeaderElection/ttl}, the annotation, {@code
 * fenced.locks.ttl}, then {@link Defaults#LOCK_TTL}.
 */
public final class ElectionBeanReader {

  private final ConfigLookup config;

  /**
   * Creates a reader.
   *
   * @param config where overrides and global settings come from
   */
  public ElectionBeanReader(ConfigLookup config) {
    this.config = Objects.requireNonNull(config, "config");
  }

  /**
   * Reads the election of a bean class.
   *
   * @param type the bean's annotated type
   * @return the model, or empty when the type has no {@code @LeaderElection}
   * @throws InvalidModelException when something is invalid
   */
  public Optional<ElectionBean> read(AnnotatedType<?> type) {
    LeaderElection election = type.getAnnotation(LeaderElection.class);
    if (election == null) {
      return Optional.empty();
    }
    Class<?> beanClass = type.getJavaClass();
    String target = beanClass.getName();
    List<String> problems = new ArrayList<>();
    AnnotationReading<LeaderElection> reading =
        new AnnotationReading<>(
            config,
            target,
            null,
            LeaderElection.class,
            JobMethodReader.AREA,
            election,
            null,
            problems);
    String key = election.value();
    if (key.isBlank()) {
      problems.add(DeploymentProblem.ELECTION_KEY_EMPTY.format(target));
    }
    boolean onAcquired = OnLeadershipAcquired.class.isAssignableFrom(beanClass);
    boolean onLost = OnLeadershipLost.class.isAssignableFrom(beanClass);
    if (!onAcquired && !onLost) {
      problems.add(DeploymentProblem.ELECTION_WITHOUT_CALLBACK.format(target));
    }
    Optional<Duration> ttl =
        reading.duration(
            "@LeaderElection ttl", reading.resolve("ttl", LeaderElection::ttl, Defaults.LOCK_TTL));
    if (!problems.isEmpty()) {
      throw new InvalidModelException(problems);
    }
    return Optional.of(new ElectionBean(target, key, ttl.orElseThrow(), onAcquired, onLost));
  }
}
