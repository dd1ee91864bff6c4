package dev.fenced.tck.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * The report of a behaviour TCK run that a store vendor can publish: the Fenced TCK's version, the
 * server, the stores, the Java runtime, and per package of {@code dev.fenced.tck} the tests that
 * passed, failed and were skipped or aborted, with the verdict: <b>passed</b> only when no test
 * failed, none was skipped or aborted, and at least the TCK's published size ({@value
 * #SIZE_RESOURCE}) passed.
 *
 * <p>A JUnit Platform listener the TCK jar registers ({@code META-INF/services}); it writes nothing
 * unless the system property {@value #REPORT_PROPERTY} names the Markdown file to write, which it
 * rewrites after each test plan (a Failsafe execution may run several). The server's name comes
 * from {@value #SERVER_PROPERTY} (e.g. {@code "WildFly 39.0.1.Final"}), else {@code
 * arquillian.launch}; the stores from the {@link TckStoreProvider}s' configuration. The store
 * contract suites ({@code dev.fenced.tck.store}) are not part of it.
 */
public final class TckRunReport implements TestExecutionListener {

  /** The system property naming the report file. */
  public static final String REPORT_PROPERTY = "fenced.tck.report";

  /** The system property naming the server in the report. */
  public static final String SERVER_PROPERTY = "fenced.tck.server";

  /**
   * The system property a run that covers a part of the TCK on purpose sets to that part's size
   * (its includes select some packages): its verdict then says whether the part passed, and that it
   * is not the whole TCK.
   */
  public static final String PART_PROPERTY = "fenced.tck.part-size";

  /** The class path resource with the TCK's published size ({@code tests}) and {@code version}. */
  public static final String SIZE_RESOURCE = "dev/fenced/tck/behaviour-tck.properties";

  private static final String TCK_PACKAGE = "dev.fenced.tck.";
  private static final String CONTRACTS = "store";

  /** Per area (the package under {@code dev.fenced.tck}): passed, failed, skipped or aborted. */
  private final Map<String, int[]> areas = new TreeMap<>();

  /** For the JUnit Platform's service loader. */
  public TckRunReport() {}

  @Override
  public void executionSkipped(TestIdentifier test, String reason) {
    // a skipped container skips its tests without an event for each: count the class once
    area(test).ifPresent(area -> count(area, 2));
  }

  @Override
  public void executionFinished(TestIdentifier test, TestExecutionResult result) {
    if (!test.isTest()) {
      return;
    }
    area(test)
        .ifPresent(
            area ->
                count(
                    area,
                    switch (result.getStatus()) {
                      case SUCCESSFUL -> 0;
                      case FAILED -> 1;
                      case ABORTED -> 2;
                    }));
  }

  @Override
  public void testPlanExecutionFinished(TestPlan plan) {
    String file = System.getProperty(REPORT_PROPERTY);
    if (file == null || file.isBlank() || areas.isEmpty()) {
      return;
    }
    try {
      Path path = Path.of(file);
      if (path.getParent() != null) {
        Files.createDirectories(path.getParent());
      }
      Files.writeString(path, markdown(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the TCK report " + file, e);
    }
  }

  /** The report as it stands. */
  String markdown() {
    Properties published = published();
    int size = Integer.parseInt(published.getProperty("tests", "0").strip());
    int[] total = new int[3];
    StringBuilder rows = new StringBuilder();
    for (Map.Entry<String, int[]> area : areas.entrySet()) {
      int[] n = area.getValue();
      rows.append("| `dev.fenced.tck.")
          .append(area.getKey())
          .append("` | ")
          .append(n[0])
          .append(" | ")
          .append(n[1])
          .append(" | ")
          .append(n[2])
          .append(" |\n");
      for (int i = 0; i < 3; i++) {
        total[i] += n[i];
      }
    }
    String part = System.getProperty(PART_PROPERTY);
    String verdict;
    if (total[1] > 0) {
      verdict = "NOT PASSED: " + total[1] + " failed";
    } else if (total[2] > 0) {
      verdict = "NOT PASSED: " + total[2] + " skipped or aborted";
    } else if (part != null && !part.isBlank()) {
      int partSize = Integer.parseInt(part.strip());
      verdict =
          total[0] < partSize
              ? "NOT PASSED: " + total[0] + " passed, fewer than this part's " + partSize
              : "PART PASSED: all "
                  + total[0]
                  + " tests of this part passed (a part of the TCK, whose published size is "
                  + size
                  + ": not a certification)";
    } else {
      verdict =
          total[0] < size
              ? "NOT PASSED: " + total[0] + " passed, fewer than the published " + size
              : "PASSED: all " + total[0] + " tests passed (published size " + size + ")";
    }
    return "# Fenced behaviour TCK report\n\n"
        + "| | |\n| --- | --- |\n"
        + "| Fenced TCK | "
        + published.getProperty("version", "unknown")
        + " |\n| Server | "
        + server()
        + " |\n| Idempotency store | "
        + TckDeployment.selectedStore("fenced.idempotency.store")
        + " |\n| Lock store | "
        + TckDeployment.selectedStore("fenced.locks.store")
        + " |\n| Java | "
        + System.getProperty("java.vendor")
        + " "
        + System.getProperty("java.version")
        + ", "
        + System.getProperty("os.name")
        + " |\n| Finished | "
        + Instant.now().truncatedTo(ChronoUnit.SECONDS)
        + " |\n\n"
        + "| package | passed | failed | skipped or aborted |\n| --- | --- | --- | --- |\n"
        + rows
        + "| **all** | **"
        + total[0]
        + "** | **"
        + total[1]
        + "** | **"
        + total[2]
        + "** |\n\n**"
        + verdict
        + "**\n";
  }

  private void count(String area, int column) {
    synchronized (areas) {
      areas.computeIfAbsent(area, a -> new int[3])[column]++;
    }
  }

  /** The package under {@code dev.fenced.tck} a test's class is in, contracts left out. */
  private static Optional<String> area(TestIdentifier test) {
    return test.getSource()
        .flatMap(
            source ->
                source instanceof MethodSource method
                    ? Optional.of(method.getClassName())
                    : source instanceof ClassSource type
                        ? Optional.of(type.getClassName())
                        : Optional.empty())
        .filter(name -> name.startsWith(TCK_PACKAGE))
        .map(name -> name.substring(TCK_PACKAGE.length()))
        .map(rest -> rest.substring(0, Math.max(rest.indexOf('.'), 0)))
        .filter(area -> !area.isEmpty() && !area.equals(CONTRACTS));
  }

  private static String server() {
    String server = System.getProperty(SERVER_PROPERTY);
    if (server == null || server.isBlank()) {
      server = System.getProperty("arquillian.launch", "unknown");
    }
    return server;
  }

  private static Properties published() {
    Properties properties = new Properties();
    try (InputStream in = TckRunReport.class.getClassLoader().getResourceAsStream(SIZE_RESOURCE)) {
      if (in != null) {
        properties.load(in);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + SIZE_RESOURCE, e);
    }
    return properties;
  }
}
