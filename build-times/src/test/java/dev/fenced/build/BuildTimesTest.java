package dev.fenced.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tables read off a build's target folders: modules, cells and the slowest classes. */
class BuildTimesTest {

  private static final Instant START = Instant.parse("2026-12-06T10:00:00Z");

  @TempDir Path root;

  private void pom(Path folder, String... modules) throws IOException {
    StringBuilder pom = new StringBuilder("<project><modules>");
    for (String module : modules) {
      pom.append("<module>").append(module).append("</module>");
    }
    Files.createDirectories(folder);
    Files.writeString(folder.resolve("pom.xml"), pom.append("</modules></project>"));
  }

  private void report(String module, String folder, String className, String time, int tests)
      throws IOException {
    Path file =
        root.resolve(module)
            .resolve("target")
            .resolve(folder)
            .resolve("TEST-" + className + ".xml");
    Files.createDirectories(file.getParent());
    Files.writeString(
        file,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\""
            + className
            + "\" time=\""
            + time
            + "\" tests=\""
            + tests
            + "\"><testcase name=\"t\"/></testsuite>");
    Files.setLastModifiedTime(file, FileTime.from(START.plusSeconds(10)));
  }

  private void compiled(String module, Instant at) throws IOException {
    Path file = root.resolve(module).resolve("target/maven-status/compile/inputFiles.lst");
    Files.createDirectories(file.getParent());
    Files.writeString(file, "A.java");
    Files.setLastModifiedTime(file, FileTime.from(at));
  }

  private void lastWritten(String module, Instant at) throws IOException {
    Path file = root.resolve(module).resolve("target/" + module + ".jar");
    Files.writeString(file, "jar");
    Files.setLastModifiedTime(file, FileTime.from(at));
  }

  @Test
  void each_module_shows_its_span_tests_and_test_classes_time() throws IOException {
    pom(root, "core", "arquillian-tests");
    report("core", "surefire-reports", "dev.fenced.core.EngineTest", "2.5", 4);
    report("core", "surefire-reports", "dev.fenced.core.StoreTest", "1.5", 2);
    compiled("core", START);
    lastWritten("core", START.plusSeconds(25));

    assertThat(BuildTimes.tables(root)).contains("| core | 0:25 | 6 | 0:04 |");
  }

  @Test
  void each_folder_of_failsafe_reports_is_a_cell() throws IOException {
    pom(root, "arquillian-tests");
    report("arquillian-tests", "failsafe-reports/wildfly-jpa", "a.ReplayTest", "100.0", 3);
    report("arquillian-tests", "failsafe-reports/wildfly-jpa", "a.LocksTest", "20.0", 2);
    report("arquillian-tests", "failsafe-reports/liberty-jpa", "a.ReplayTest", "1,234.5", 3);

    assertThat(BuildTimes.tables(root))
        .contains("| arquillian-tests/wildfly-jpa | 2 | 5 | 2:00 |")
        .contains("| arquillian-tests/liberty-jpa | 1 | 3 | 20:34 |");
  }

  @Test
  void the_slowest_classes_come_first_with_where_they_ran() throws IOException {
    pom(root, "jpa-store", "arquillian-tests");
    report("jpa-store", "surefire-reports", "j.ContractTest", "40.0", 30);
    report("arquillian-tests", "failsafe-reports/wildfly-memory", "a.ClusterIT", "63.2", 4);
    report("arquillian-tests", "failsafe-reports/wildfly-memory", "a.QuickTest", "0.4", 1);

    String tables = BuildTimes.tables(root);

    assertThat(tables.substring(tables.indexOf("slowest test classes")))
        .containsSubsequence(
            "| ClusterIT | arquillian-tests/wildfly-memory | 63.2 s |",
            "| ContractTest | jpa-store/unit | 40.0 s |",
            "| QuickTest | arquillian-tests/wildfly-memory | 0.4 s |");
  }

  @Test
  void modules_of_modules_are_listed_after_their_parent() throws IOException {
    pom(root, "examples");
    pom(root.resolve("examples"), "bookshelf");
    report("examples/bookshelf", "failsafe-reports", "b.SmokeIT", "61.0", 14);

    assertThat(BuildTimes.tables(root)).contains("| examples/bookshelf/failsafe | 1 | 14 | 1:01 |");
  }

  @Test
  void a_module_that_built_nothing_is_left_out() throws IOException {
    pom(root, "bom", "core");
    report("core", "surefire-reports", "c.ATest", "1.0", 1);

    assertThat(BuildTimes.tables(root)).doesNotContain("| bom |").contains("| core | – | 1 |");
  }

  @Test
  void a_file_that_is_not_a_test_report_is_skipped() throws IOException {
    pom(root, "core");
    report("core", "surefire-reports", "c.ATest", "1.0", 1);
    Files.writeString(
        root.resolve("core/target/surefire-reports/TEST-broken.xml"), "<testsuite name=");
    Files.writeString(root.resolve("core/target/surefire-reports/TEST-other.xml"), "<other/>");

    assertThat(BuildTimes.tables(root)).contains("| core | – | 1 | 0:01 |");
  }

  @Test
  void long_spans_read_as_hours() {
    assertThat(BuildTimes.clock(Duration.ofSeconds(3725))).isEqualTo("1:02:05");
    assertThat(BuildTimes.clock(Duration.ofSeconds(42))).isEqualTo("0:42");
  }
}
