package dev.fenced.tck.arquillian;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Counts a cell's completed tests from its Failsafe reports and fails a cell that ran too few. */
class CellTestCountTest {

  @TempDir Path reports;

  private void report(String testClass, int tests, int skipped) throws IOException {
    Files.writeString(
        reports.resolve("TEST-" + testClass + ".xml"),
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<testsuite xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" name=\""
            + testClass
            + "\" time=\"1.5\" tests=\""
            + tests
            + "\" errors=\"0\" skipped=\""
            + skipped
            + "\" failures=\"0\"><properties/></testsuite>\n");
  }

  @Test
  void tck_and_own_tests_are_counted_apart_and_skipped_ones_do_not_count() throws IOException {
    report("dev.fenced.tck.idempotent.ReplayTest", 5, 0);
    report("dev.fenced.tck.leader.LeaderElectionTest", 3, 1);
    report("dev.fenced.arquillian.ServerSetupIT", 6, 0);
    Files.writeString(reports.resolve("dev.fenced.arquillian.ServerSetupIT-output.txt"), "log");

    CellTestCount count = CellTestCount.of(reports);

    assertThat(count.tck()).isEqualTo(7);
    assertThat(count.own()).isEqualTo(6);
  }

  @Test
  void a_cell_that_completed_its_minimums_passes() throws IOException {
    report("dev.fenced.tck.idempotent.ReplayTest", 5, 0);
    report("dev.fenced.arquillian.JpaStoreIT", 1, 0);

    assertThatCode(() -> CellTestCount.of(reports).requireAtLeast("wildfly-jpa", 5, 1))
        .doesNotThrowAnyException();
  }

  @Test
  void a_cell_with_fewer_tck_tests_than_published_fails_naming_both_counts() throws IOException {
    report("dev.fenced.tck.leader.LeaderElectionTest", 3, 0);
    report("dev.fenced.arquillian.ServerSetupIT", 6, 0);

    assertThatThrownBy(() -> CellTestCount.of(reports).requireAtLeast("wildfly-memory", 213, 6))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith(
            "Cell wildfly-memory completed 3 behaviour TCK tests (at least 213 required");
  }

  @Test
  void a_cell_that_lost_its_own_tests_fails() throws IOException {
    report("dev.fenced.tck.idempotent.ReplayTest", 5, 0);

    assertThatThrownBy(() -> CellTestCount.of(reports).requireAtLeast("wildfly-redis", 5, 4))
        .hasMessageContaining("and 0 of its own tests (at least 4 required");
  }

  @Test
  void a_cell_without_a_report_folder_completed_nothing_and_fails() {
    CellTestCount count = CellTestCount.of(reports.resolve("liberty-jpa"));

    assertThatThrownBy(() -> count.requireAtLeast("liberty-jpa", 213, 2))
        .hasMessageStartingWith("Cell liberty-jpa completed 0 behaviour TCK tests");
  }

  @Test
  void a_cell_that_runs_part_of_the_tck_names_how_many_tests_that_part_has() {
    assertThat(CellTestCount.tckMinimum("156")).isEqualTo(156);
    assertThat(CellTestCount.tckMinimum("false")).isZero();
    assertThat(CellTestCount.tckMinimum("true")).isEqualTo(CellTestCount.publishedTckSize());
  }

  @Test
  void the_tck_publishes_its_size_in_its_jar() {
    assertThat(CellTestCount.publishedTckSize()).isGreaterThanOrEqualTo(213);
  }
}
