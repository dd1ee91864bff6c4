package dev.fenced.cdi.boot.check;

import dev.fenced.DeploymentProblem;
import dev.fenced.cdi.model.ElectionBean;
import dev.fenced.cdi.model.JobMethod;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Finds lock names that two jobs or elections would share: two jobs with one key, a job key equal
 * to another job's lease ({@code <key>:owner}) or run lock, or to an election's key, and two
 * elections with one key. Within one job, a one-instance key equal to its run lock's key is the
 * default and fine; a run lock equal to the job's own lease is not (it could never be taken).
 */
public final class LockKeyCheck implements DeploymentCheck {

  @Override
  public List<String> problems(Deployment deployment) {
    return problems(deployment.jobs(), deployment.elections());
  }

  private enum Role {
    JOB_KEY("the job key of @OnOneInstance "),
    LEASE("the lease of @OnOneInstance "),
    RUN_LOCK("the run lock of @WithoutOverlapping "),
    ELECTION("the key of @LeaderElection on ");

    final String description;

    Role(String description) {
      this.description = description;
    }
  }

  private record Claim(String name, Role role, String owner) {
    String describe() {
      return role.description + owner;
    }
  }

  /**
   * Every collision, each naming both users of the name.
   *
   * @param jobs the deployment's jobs
   * @param elections the deployment's elections
   * @return the problems, empty when every name has one user
   */
  public static List<String> problems(
      Collection<JobMethod> jobs, Collection<ElectionBean> elections) {
    List<Claim> claims = new ArrayList<>();
    jobs.stream()
        .sorted(Comparator.comparing(JobMethod::target))
        .forEach(
            job -> {
              job.oneInstance()
                  .ifPresent(lock -> claims.add(new Claim(lock.key(), Role.JOB_KEY, job.target())));
              job.leaseKey()
                  .ifPresent(lease -> claims.add(new Claim(lease, Role.LEASE, job.target())));
              job.withoutOverlapping()
                  .ifPresent(
                      lock -> claims.add(new Claim(lock.key(), Role.RUN_LOCK, job.target())));
            });
    elections.stream()
        .sorted(Comparator.comparing(ElectionBean::className))
        .forEach(e -> claims.add(new Claim(e.key(), Role.ELECTION, e.className())));

    Map<String, Claim> first = new LinkedHashMap<>();
    Set<String> reportedPairs = new HashSet<>();
    List<String> problems = new ArrayList<>();
    for (Claim claim : claims) {
      Claim earlier = first.putIfAbsent(claim.name(), claim);
      if (earlier == null || sameJobKeyAndRunLock(earlier, claim)) {
        continue;
      }
      // two jobs with one key also share the lease: one problem per pair is enough
      if (!earlier.owner().equals(claim.owner())
          && !reportedPairs.add(earlier.owner() + "\n" + claim.owner())) {
        continue;
      }
      problems.add(
          DeploymentProblem.LOCK_NAME_SHARED.format(
              claim.name(), earlier.describe(), claim.describe()));
    }
    return problems;
  }

  private static boolean sameJobKeyAndRunLock(Claim a, Claim b) {
    return Objects.equals(a.owner(), b.owner())
        && a.role() == Role.JOB_KEY
        && b.role() == Role.RUN_LOCK;
  }
}
