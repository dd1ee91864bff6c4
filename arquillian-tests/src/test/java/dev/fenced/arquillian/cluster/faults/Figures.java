package dev.fenced.arquillian.cluster.faults;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;

/**
 * The figures of a fault run (counts, side effects, times to 503, to takeover, to recover), printed
 * and appended to the file {@value #FILE} names (the execution's report folder), from which {@code
 * RELIABILITY.md} takes its "last run" columns.
 */
final class Figures {

  /** The system property naming the figures file. */
  static final String FILE = "fenced.faults.figures";

  private Figures() {}

  /**
   * Records one figure.
   *
   * @param scenario e.g. {@code storm}
   * @param name e.g. {@code side effects}
   * @param value the value, with its unit
   */
  static synchronized void record(String scenario, String name, Object value) {
    String line =
        String.format(
            Locale.ROOT, "| %s | %s | %s | %s |%n", store(), scenario, name, String.valueOf(value));
    System.out.print("FAULTS " + line);
    String file = System.getProperty(FILE);
    if (file == null) {
      return;
    }
    try {
      Path path = Path.of(file);
      Files.createDirectories(path.getParent());
      Files.writeString(
          path, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the fault figures to " + file, e);
    }
  }

  private static String store() {
    return System.getProperty("arquillian.launch", "?")
        + "/"
        + System.getProperty("fenced.tck.store", "?");
  }
}
