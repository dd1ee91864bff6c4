package dev.fenced.core.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class RunningJobsTest {

  private final RunningJobs running = new RunningJobs();

  @Test
  void runs_are_admitted_and_counted_until_closed() {
    assertThat(running.enter()).isTrue();
    assertThat(running.running()).isEqualTo(1);

    running.exit();
    running.close();

    assertThat(running.running()).isZero();
    assertThat(running.enter()).isFalse();
    assertThat(running.isClosed()).isTrue();
  }

  @Test
  void a_run_admitted_before_the_close_still_enters_its_inner_guard() {
    assertThat(running.enter()).isTrue();
    running.close();

    assertThat(running.enter()).isTrue();
    running.exit();
    running.exit();

    assertThat(running.enter()).isFalse();
  }

  @Test
  void waiting_when_nothing_runs_returns_at_once() throws Exception {
    running.close();

    assertThat(running.awaitIdle(Duration.ofSeconds(10))).isTrue();
  }

  @Test
  void waiting_returns_when_the_last_running_job_finishes() throws Exception {
    CountDownLatch entered = new CountDownLatch(1);
    CountDownLatch finish = new CountDownLatch(1);
    Thread job =
        new Thread(
            () -> {
              running.enter();
              entered.countDown();
              try {
                finish.await(10, TimeUnit.SECONDS);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              } finally {
                running.exit();
              }
            });
    job.start();
    entered.await(10, TimeUnit.SECONDS);
    running.close();

    finish.countDown();

    assertThat(running.awaitIdle(Duration.ofSeconds(10))).isTrue();
    job.join(10_000);
  }

  @Test
  void waiting_gives_up_at_the_timeout_when_a_job_keeps_running() throws Exception {
    CountDownLatch entered = new CountDownLatch(1);
    CountDownLatch finish = new CountDownLatch(1);
    Thread job =
        new Thread(
            () -> {
              running.enter();
              entered.countDown();
              try {
                finish.await(10, TimeUnit.SECONDS);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              } finally {
                running.exit();
              }
            });
    job.start();
    entered.await(10, TimeUnit.SECONDS);

    assertThat(running.awaitIdle(Duration.ofMillis(20))).isFalse();

    finish.countDown();
    job.join(10_000);
  }
}
