package dev.fenced.tck.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What {@code tck/README.md} tells a vendor about the behaviour TCK's size is what the jar holds:
 * each package's row counts that package's tests, and the total row is their sum and the published
 * size a run must reach. (The store contract suites and their counts are {@code
 * store-tck/README.md}'s.)
 */
class TckReadmeCountsTest {

  private static final Path CLASSES = Path.of("target/classes/dev/fenced/tck");
  private static final Pattern ROW =
      Pattern.compile("^\\| `dev\\.fenced\\.tck\\.(\\w+)` \\| (\\d+) \\|");
  private static final Pattern TOTAL =
      Pattern.compile("^\\| \\*\\*all\\*\\* \\| \\*\\*(\\d+)\\*\\* \\|");

  @Test
  void every_package_row_of_the_readme_counts_the_tests_the_package_holds() throws Exception {
    assertThat(readmeRows()).isEqualTo(testsPerPackage());
  }

  @Test
  void the_readme_total_is_the_sum_and_the_published_size() throws Exception {
    int sum = testsPerPackage().values().stream().mapToInt(Integer::intValue).sum();

    assertThat(readmeTotal()).isEqualTo(sum).isEqualTo(publishedSize());
  }

  private static Map<String, Integer> testsPerPackage() throws Exception {
    Map<String, Integer> counts = new TreeMap<>();
    try (Stream<Path> files = Files.walk(CLASSES)) {
      for (Path file : files.filter(f -> f.toString().endsWith("Test.class")).toList()) {
        String name =
            "dev.fenced.tck."
                + CLASSES.relativize(file).toString().replace('/', '.').replace(".class", "");
        String area = name.substring("dev.fenced.tck.".length()).split("\\.")[0];
        if (area.equals("support") || area.equals("deployed")) {
          continue;
        }
        int tests = 0;
        for (Method method : Class.forName(name).getDeclaredMethods()) {
          if (method.isAnnotationPresent(Test.class)) {
            tests++;
          }
        }
        counts.merge(area, tests, Integer::sum);
      }
    }
    return counts;
  }

  private static Map<String, Integer> readmeRows() throws IOException {
    Map<String, Integer> rows = new TreeMap<>();
    for (String line : Files.readAllLines(Path.of("README.md"), StandardCharsets.UTF_8)) {
      Matcher row = ROW.matcher(line);
      if (row.find()) {
        rows.put(row.group(1), Integer.parseInt(row.group(2)));
      }
    }
    return rows;
  }

  private static int readmeTotal() throws IOException {
    for (String line : Files.readAllLines(Path.of("README.md"), StandardCharsets.UTF_8)) {
      Matcher total = TOTAL.matcher(line);
      if (total.find()) {
        return Integer.parseInt(total.group(1));
      }
    }
    throw new AssertionError("README.md has no total row");
  }

  private static int publishedSize() throws IOException {
    Properties published = new Properties();
    try (InputStream in =
        TckReadmeCountsTest.class
            .getClassLoader()
            .getResourceAsStream(TckRunReport.SIZE_RESOURCE)) {
      published.load(in);
    }
    return Integer.parseInt(published.getProperty("tests").strip());
  }
}
