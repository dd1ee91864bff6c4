package dev.fenced.tck.arquillian;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Gives up the wait for an application once Open Liberty logged that it was not started. */
class LibertyNotStartedWatchTest {

  private static final String LINE =
      "[12/4/26, 10:12:32:794 UTC] 00000024 com.ibm.ws.app.manager.AppMessageHelper"
          + "                      A CWWKZ0012I: The application %s was not started.\n";

  @TempDir Path folder;

  @Test
  void the_deploying_thread_is_interrupted_when_the_log_says_its_application_was_not_started()
      throws Exception {
    Path log = folder.resolve("messages.log");
    Files.writeString(log, LINE.formatted("orders")); // an earlier deployment's: not read
    long before = Files.size(log);

    LibertyNotStartedWatch watch = LibertyNotStartedWatch.start(log, before, "orders");
    try {
      Files.writeString(log, LINE.formatted("orders"), StandardOpenOption.APPEND);

      assertThatThrownBy(() -> Thread.sleep(20_000)).isInstanceOf(InterruptedException.class);
    } finally {
      watch.close();
    }
    assertThat(Thread.currentThread().isInterrupted()).as("interrupt left after close").isFalse();
  }

  @Test
  void lines_logged_before_the_deployment_or_for_another_application_are_not_read_as_its_failure()
      throws Exception {
    Path log = folder.resolve("messages.log");
    Files.writeString(log, LINE.formatted("orders"));
    long before = Files.size(log);

    LibertyNotStartedWatch watch = LibertyNotStartedWatch.start(log, before, "orders");
    try {
      Files.writeString(
          log,
          LINE.formatted("orders-v2") + LINE.formatted("old-orders"),
          StandardOpenOption.APPEND);
      Thread.sleep(1_000); // five reads of the log
    } finally {
      watch.close();
    }
    assertThat(Thread.currentThread().isInterrupted()).isFalse();
  }

  @Test
  void only_liberty_s_not_started_message_naming_the_application_counts() {
    assertThat(LibertyNotStartedWatch.saysNotStarted(LINE.formatted("orders"), "orders")).isTrue();
    assertThat(
            LibertyNotStartedWatch.saysNotStarted(
                "A CWWKZ0001I: Application orders started in 0.5 seconds.", "orders"))
        .isFalse();
    assertThat(LibertyNotStartedWatch.saysNotStarted(LINE.formatted("orders-v2"), "orders"))
        .isFalse();
  }
}
