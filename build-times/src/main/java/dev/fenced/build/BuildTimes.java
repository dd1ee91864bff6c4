package dev.fenced.build;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Prints, at the end of a build, where its time went: each module (its span, its tests and their
 * classes' time), each cell (a folder of Failsafe reports: a server and a store, a cluster variant)
 * and the ten slowest test classes. Reads only what the build left in the modules' {@code target}
 * folders, so it runs as the reactor's last module ({@code build-times}), and {@code ./mvnw -pl
 * build-times verify} prints the figures of whatever ran last.
 */
public final class BuildTimes {

  private static final Pattern MODULE = Pattern.compile("<module>\\s*([^<\\s]+)\\s*</module>");
  private static final int SLOWEST = 10;

  private BuildTimes() {}

  /**
   * Prints the tables and writes them to a file.
   *
   * @param args the build's root folder (with the root {@code pom.xml}), then the Markdown file to
   *     write
   * @throws IOException when the root pom or a module's reports cannot be read, or the file not
   *     written
   */
  public static void main(String[] args) throws IOException {
    if (args.length != 2) {
      throw new IllegalArgumentException("usage: BuildTimes <root folder> <markdown file>");
    }
    Path root = Path.of(args[0]).toAbsolutePath().normalize();
    String tables = tables(root);
    Path out = Path.of(args[1]);
    Files.createDirectories(out.toAbsolutePath().getParent());
    Files.writeString(out, tables, StandardCharsets.UTF_8);
    System.out.println(tables);
  }

  /**
   * The three tables of a build's root folder.
   *
   * @param root the folder of the root {@code pom.xml}
   * @return Markdown
   * @throws IOException when a pom or a report folder cannot be read
   */
  static String tables(Path root) throws IOException {
    List<Path> modules = modules(root);
    List<ClassTime> classes = new ArrayList<>();
    StringBuilder out = new StringBuilder();
    out.append(
            "Where the build's time went (test classes' own times from their reports; a module's")
        .append(" span from its first compiled file to its last written one)\n\n")
        .append("| module | span | tests | test classes' time |\n| --- | ---: | ---: | ---: |\n");
    for (Path module : modules) {
      List<ClassTime> own = TestReports.of(root, module);
      classes.addAll(own);
      Optional<Duration> span = ModuleSpan.of(module);
      if (span.isEmpty() && own.isEmpty()) {
        continue;
      }
      out.append(
          row(
              root.relativize(module).toString().replace('\\', '/'),
              span.map(BuildTimes::clock).orElse("–"),
              Integer.toString(tests(own)),
              clock(seconds(own))));
    }
    out.append("\n| cell | classes | tests | test classes' time |\n| --- | ---: | ---: | ---: |\n");
    Map<String, List<ClassTime>> cells = new LinkedHashMap<>();
    for (ClassTime time : classes) {
      if (!time.cell().equals("unit")) {
        cells.computeIfAbsent(time.where(), k -> new ArrayList<>()).add(time);
      }
    }
    cells.forEach(
        (where, own) ->
            out.append(
                row(
                    where,
                    Integer.toString(own.size()),
                    Integer.toString(tests(own)),
                    clock(seconds(own)))));
    out.append("\n| the ")
        .append(SLOWEST)
        .append(" slowest test classes | where | time |\n| --- | --- | ---: |\n");
    classes.stream()
        .sorted(Comparator.comparingDouble(ClassTime::seconds).reversed())
        .limit(SLOWEST)
        .forEach(
            time ->
                out.append(
                    row(
                        time.simpleName(),
                        time.where(),
                        String.format(Locale.ROOT, "%.1f s", time.seconds()))));
    return out.toString();
  }

  /** The modules the root pom lists, and theirs, in the order they are listed. */
  static List<Path> modules(Path root) throws IOException {
    List<Path> modules = new ArrayList<>();
    Path pom = root.resolve("pom.xml");
    if (!Files.isRegularFile(pom)) {
      return modules;
    }
    Matcher listed = MODULE.matcher(Files.readString(pom, StandardCharsets.UTF_8));
    while (listed.find()) {
      Path module = root.resolve(listed.group(1)).normalize();
      modules.add(module);
      for (Path inner : modules(module)) {
        modules.add(inner);
      }
    }
    return modules;
  }

  private static String row(String... cells) {
    return "| " + String.join(" | ", cells) + " |\n";
  }

  private static int tests(List<ClassTime> times) {
    return times.stream().mapToInt(ClassTime::tests).sum();
  }

  private static Duration seconds(List<ClassTime> times) {
    return Duration.ofMillis(
        Math.round(times.stream().mapToDouble(ClassTime::seconds).sum() * 1000));
  }

  /** {@code 0:42}, {@code 12:05}, {@code 1:02:09}. */
  static String clock(Duration time) {
    long s = time.toSeconds();
    return s >= 3600
        ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
        : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
  }
}
