package dev.fenced.tck.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * The run report, as a launcher that finds the listener through the TCK jar's service file writes
 * it for sample classes of this package (so they count under {@code dev.fenced.tck.support}).
 */
class TckRunReportTest {

  @TempDir Path folder;

  @AfterEach
  void clearTheProperty() {
    System.clearProperty(TckRunReport.REPORT_PROPERTY);
    System.clearProperty(TckRunReport.SERVER_PROPERTY);
    System.clearProperty(TckRunReport.PART_PROPERTY);
  }

  @Test
  void a_run_of_at_least_the_published_size_with_every_test_passed_is_passed() throws Exception {
    String report = run(PublishedSize.class);

    assertThat(report)
        .contains("| Server | Sample Server 1.0 |")
        .contains("| Idempotency store | memory |")
        .contains("| `dev.fenced.tck.support` | 403 | 0 | 0 |")
        .contains("**PASSED: all 403 tests passed (published size 403)**")
        .doesNotContain("${project.version}");
  }

  @Test
  void a_run_with_a_failed_test_is_not_passed() throws Exception {
    assertThat(run(OneFails.class))
        .contains("| `dev.fenced.tck.support` | 1 | 1 | 0 |")
        .contains("**NOT PASSED: 1 failed**");
  }

  @Test
  void a_run_with_a_skipped_test_is_not_passed() throws Exception {
    assertThat(run(OneSkipped.class)).contains("**NOT PASSED: 1 skipped or aborted**");
  }

  @Test
  void a_run_of_fewer_tests_than_the_published_size_is_not_passed() throws Exception {
    assertThat(run(TwoPass.class))
        .contains("**NOT PASSED: 2 passed, fewer than the published 403**");
  }

  @Test
  void a_run_of_a_declared_part_that_passed_whole_says_so_and_that_it_is_no_certification()
      throws Exception {
    System.setProperty(TckRunReport.PART_PROPERTY, "2");

    assertThat(run(TwoPass.class))
        .contains(
            "**PART PASSED: all 2 tests of this part passed (a part of the TCK, whose published"
                + " size is 403: not a certification)**");
  }

  @Test
  void a_run_of_fewer_tests_than_its_declared_part_is_not_passed() throws Exception {
    System.setProperty(TckRunReport.PART_PROPERTY, "3");

    assertThat(run(TwoPass.class)).contains("**NOT PASSED: 2 passed, fewer than this part's 3**");
  }

  @Test
  void without_the_property_nothing_is_written() {
    LauncherFactory.create()
        .execute(
            LauncherDiscoveryRequestBuilder.request()
                .selectors(selectClass(TwoPass.class))
                .build());

    assertThat(folder).isEmptyDirectory();
  }

  private String run(Class<?>... samples) throws Exception {
    Path report = folder.resolve("report-" + samples[0].getSimpleName() + ".md");
    System.setProperty(TckRunReport.REPORT_PROPERTY, report.toString());
    System.setProperty(TckRunReport.SERVER_PROPERTY, "Sample Server 1.0");
    LauncherDiscoveryRequestBuilder request = LauncherDiscoveryRequestBuilder.request();
    for (Class<?> sample : samples) {
      request.selectors(selectClass(sample));
    }
    LauncherFactory.create().execute(request.build());
    return Files.readString(report, StandardCharsets.UTF_8);
  }

  static class PublishedSize {
    @RepeatedTest(403)
    void passes() {}
  }

  static class TwoPass {
    @Test
    void passes() {}

    @Test
    void passes_too() {}
  }

  static class OneFails {
    @Test
    void passes() {}

    @Test
    void fails() {
      throw new AssertionError("on purpose");
    }
  }

  static class OneSkipped {
    @Test
    @Disabled("a fixture, run through the JUnit Platform: the report must count a skipped test")
    void is_skipped() {}
  }
}
