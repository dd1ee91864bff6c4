package dev.fenced.cdi.config;

import dev.fenced.DeploymentProblem;
import dev.fenced.locks.LeaderElection;
import dev.fenced.locks.OnLeadershipAcquired;
import dev.fenced.locks.OnLeadershipLost;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Builds the {@link LeaderElectionModel} of a bean class from its {@link LeaderElection} annotation
 * and MicroProfile Config, or reports every problem with them. The ttl follows {@code
 * <class>/LeaderElection/ttl}, {@code LeaderElection/ttl}, the annotation, {@code
 * fenced.locks.ttl}, then {@code 30s}.
 */
public final class LeaderElectionReader {

  private static final String ANNOTATION = "LeaderElection";

  private final ConfigLookup config;

  /**
   * Creates a reader.
   *
   * @param config where overrides and global settings come from
   */
  public LeaderElectionReader(ConfigLookup config) {
    this.config = Objects.requireNonNull(config, "config");
  }

  /**
   * Reads the election of a bean class.
   *
   * @param beanClass the bean class
   * @return the model, or empty when the class has no {@code @LeaderElection}
   * @throws InvalidGuardException when something is invalid
   */
  public Optional<LeaderElectionModel> read(Class<?> beanClass) {
    LeaderElection election = beanClass.getAnnotation(LeaderElection.class);
    if (election == null) {
      return Optional.empty();
    }
    String target = beanClass.getName();
    List<String> problems = new ArrayList<>();
    String key = election.value();
    if (key.isBlank()) {
      problems.add(DeploymentProblem.ELECTION_KEY_EMPTY.format(target));
    }
    boolean onAcquired = OnLeadershipAcquired.class.isAssignableFrom(beanClass);
    boolean onLost = OnLeadershipLost.class.isAssignableFrom(beanClass);
    if (!onAcquired && !onLost) {
      problems.add(DeploymentProblem.ELECTION_WITHOUT_CALLBACK.format(target));
    }
    MemberResolver members =
        new MemberResolver(config, beanClass.getName(), null, ANNOTATION, JobMethodReader.AREA);
    ResolvedValue value = members.resolve("ttl", election.ttl(), "", JobMethodReader.DEFAULT_TTL);
    Optional<Duration> ttl =
        JobMethodReader.positive(value, "@LeaderElection ttl", target, problems);
    if (!problems.isEmpty()) {
      throw new InvalidGuardException(problems);
    }
    return Optional.of(new LeaderElectionModel(target, key, ttl.orElseThrow(), onAcquired, onLost));
  }
}
