package dev.fenced.cdi.boot.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.cdi.model.ElectionBean;
import dev.fenced.cdi.model.JobLock;
import dev.fenced.cdi.model.JobMethod;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LockKeyCheckTest {

  private static final Duration TTL = Duration.ofSeconds(30);

  @Test
  void a_job_whose_lease_and_run_lock_share_the_default_key_is_fine() {
    JobMethod export = job("Export", "run", Optional.of("k"), Optional.of("k"));

    assertThat(LockKeyCheck.problems(List.of(export), List.of())).isEmpty();
  }

  @Test
  void two_jobs_with_one_key_fail_naming_both() {
    JobMethod a = job("A", "run", Optional.of("nightly"), Optional.empty());
    JobMethod b = job("B", "run", Optional.of("nightly"), Optional.empty());

    assertThat(LockKeyCheck.problems(List.of(a, b), List.of()))
        .singleElement()
        .satisfies(p -> assertThat(p).contains("FENCED-D014", "\"nightly\"", "A.run", "B.run"));
  }

  @Test
  void two_run_locks_with_one_key_fail() {
    JobMethod a = job("A", "run", Optional.empty(), Optional.of("r"));
    JobMethod b = job("B", "run", Optional.empty(), Optional.of("r"));

    assertThat(LockKeyCheck.problems(List.of(a, b), List.of())).hasSize(1);
  }

  @Test
  void a_job_key_equal_to_another_jobs_lease_fails() {
    JobMethod a = job("A", "run", Optional.of("x"), Optional.empty());
    JobMethod b = job("B", "run", Optional.empty(), Optional.of("x:owner"));

    assertThat(LockKeyCheck.problems(List.of(a, b), List.of()))
        .singleElement()
        .satisfies(
            p ->
                assertThat(p)
                    .contains(
                        "\"x:owner\"",
                        "the lease of @OnOneInstance A.run",
                        "the run lock of @WithoutOverlapping B.run"));
  }

  @Test
  void a_run_lock_equal_to_its_own_jobs_lease_fails() {
    JobMethod a = job("A", "run", Optional.of("x"), Optional.of("x:owner"));

    assertThat(LockKeyCheck.problems(List.of(a), List.of())).hasSize(1);
  }

  @Test
  void a_job_key_equal_to_an_election_key_fails_naming_the_election_class() {
    JobMethod a = job("A", "run", Optional.of("feed"), Optional.empty());
    ElectionBean election = new ElectionBean("com.example.Feed", "feed", TTL, true, false);

    assertThat(LockKeyCheck.problems(List.of(a), List.of(election)))
        .singleElement()
        .satisfies(
            p ->
                assertThat(p)
                    .contains("the job key of @OnOneInstance A.run")
                    .contains("the key of @LeaderElection on com.example.Feed"));
  }

  @Test
  void two_elections_with_one_key_fail() {
    ElectionBean a = new ElectionBean("com.example.A", "e", TTL, true, false);
    ElectionBean b = new ElectionBean("com.example.B", "e", TTL, false, true);

    assertThat(LockKeyCheck.problems(List.of(), List.of(a, b))).hasSize(1);
  }

  @Test
  void distinct_keys_pass() {
    JobMethod a = job("A", "run", Optional.of("a"), Optional.of("a"));
    JobMethod b = job("B", "run", Optional.of("b"), Optional.empty());
    ElectionBean e = new ElectionBean("com.example.E", "e", TTL, true, true);

    assertThat(LockKeyCheck.problems(List.of(a, b), List.of(e))).isEmpty();
  }

  private static JobMethod job(
      String className, String method, Optional<String> oneInstance, Optional<String> runLock) {
    return new JobMethod(
        className,
        method,
        oneInstance.map(k -> new JobLock(k, TTL)),
        runLock.map(k -> new JobLock(k, TTL)));
  }
}
