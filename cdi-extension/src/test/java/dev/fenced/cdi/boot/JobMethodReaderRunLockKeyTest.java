package dev.fenced.cdi.boot;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.cdi.boot.check.LockKeyCheck;
import dev.fenced.cdi.config.ConfigLookup;
import dev.fenced.cdi.model.JobMethod;
import dev.fenced.locks.OnOneInstance;
import dev.fenced.locks.WithoutOverlapping;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JobMethodReaderRunLockKeyTest {

  static class Exports {
    @OnOneInstance(key = "nightly-export")
    @WithoutOverlapping
    public void keyed() {}

    @OnOneInstance(key = "nightly-export")
    @WithoutOverlapping(key = "own")
    public void ownRunLock() {}

    @OnOneInstance
    @WithoutOverlapping
    public void defaults() {}

    @WithoutOverlapping
    public void alone() {}
  }

  @OnOneInstance(key = "class-job")
  static class Nightly {
    @WithoutOverlapping
    public void run() {}
  }

  @WithoutOverlapping(key = "class-run-lock")
  static class Weekly {
    @OnOneInstance(key = "weekly")
    public void run() {}
  }

  private static final String EXPORTS = Exports.class.getName();

  @Test
  void a_run_lock_without_a_key_takes_the_job_key() {
    JobMethod job = read(Exports.class, "keyed");

    assertThat(job.withoutOverlapping().orElseThrow().key()).isEqualTo("nightly-export");
  }

  @Test
  void the_lease_key_stays_the_job_key_with_its_suffix() {
    assertThat(read(Exports.class, "keyed").leaseKey()).contains("nightly-export:owner");
  }

  @Test
  void a_run_lock_with_a_key_of_its_own_keeps_it() {
    assertThat(read(Exports.class, "ownRunLock").withoutOverlapping().orElseThrow().key())
        .isEqualTo("own");
  }

  @Test
  void with_default_keys_both_are_the_method_name() {
    JobMethod job = read(Exports.class, "defaults");

    assertThat(job.withoutOverlapping().orElseThrow().key()).isEqualTo(EXPORTS + ".defaults");
    assertThat(job.oneInstance().orElseThrow().key()).isEqualTo(EXPORTS + ".defaults");
  }

  @Test
  void a_run_lock_alone_keeps_the_method_name() {
    assertThat(read(Exports.class, "alone").withoutOverlapping().orElseThrow().key())
        .isEqualTo(EXPORTS + ".alone");
  }

  @Test
  void a_class_job_key_names_a_method_run_lock_without_a_key() {
    assertThat(read(Nightly.class, "run").withoutOverlapping().orElseThrow().key())
        .isEqualTo("class-job");
  }

  @Test
  void a_class_run_lock_key_is_kept_beside_a_method_job_key() {
    assertThat(read(Weekly.class, "run").withoutOverlapping().orElseThrow().key())
        .isEqualTo("class-run-lock");
  }

  @Test
  void a_run_lock_on_the_job_key_is_no_collision() {
    assertThat(LockKeyCheck.problems(List.of(read(Exports.class, "keyed")), List.of())).isEmpty();
  }

  private static JobMethod read(Class<?> type, String name) {
    try {
      return new JobMethodReader(ConfigLookup.of(Map.of()))
          .read(MethodAnnotations.of(type, type.getDeclaredMethod(name)))
          .orElseThrow();
    } catch (NoSuchMethodException e) {
      throw new AssertionError(e);
    }
  }
}
