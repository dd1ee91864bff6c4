package dev.fenced.tck.arquillian;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Element;
import org.xml.sax.SAXException;

/**
 * The number of tests a cell (one server with one store) completed, read from its Failsafe reports
 * ({@code TEST-*.xml}), and the check that it is at least what the cell must run: the behaviour
 * TCK's published size ({@value #TCK_SIZE_RESOURCE} in the {@code fenced-tck} jar) where the cell
 * runs the TCK, plus the cell's own minimum of other tests (Fenced's build runs its in-server
 * {@code *IT} classes beside the TCK; a vendor passes 0). A skipped test does not count as
 * completed. A cell whose includes silently matched fewer classes, or that left no report at all,
 * fails.
 *
 * <p>Run after the cells, in the {@code verify} phase, e.g. with {@code maven-antrun-plugin}'s
 * {@code <java classname="dev.fenced.tck.arquillian.CellTestCount"
 * classpathref="maven.test.classpath">} (tck/README.md): {@code main(reportsRoot, cell, skipped,
 * runsTck, ownMinimum, ...)}.
 */
public final class CellTestCount {

  /** The class path resource in which the TCK publishes its size, key {@code tests}. */
  public static final String TCK_SIZE_RESOURCE = "dev/fenced/tck/behaviour-tck.properties";

  private static final String TCK_PACKAGE = "dev.fenced.tck.";

  private final int tck;
  private final int own;

  private CellTestCount(int tck, int own) {
    this.tck = tck;
    this.own = own;
  }

  /**
   * Counts the completed tests of the reports in a folder.
   *
   * @param reports a cell's Failsafe report folder; a missing folder counts nothing
   * @return the completed tests of TCK classes and of the cell's own classes
   */
  public static CellTestCount of(Path reports) {
    if (!Files.isDirectory(reports)) {
      return new CellTestCount(0, 0);
    }
    int tck = 0;
    int own = 0;
    for (Path report : reportFiles(reports)) {
      Element suite = suite(report);
      int completed = number(suite, "tests") - number(suite, "skipped");
      if (suite.getAttribute("name").startsWith(TCK_PACKAGE)) {
        tck += completed;
      } else {
        own += completed;
      }
    }
    return new CellTestCount(tck, own);
  }

  /**
   * The completed tests of behaviour TCK classes.
   *
   * @return at least 0
   */
  public int tck() {
    return tck;
  }

  /**
   * The completed tests of the cell's own classes.
   *
   * @return at least 0
   */
  public int own() {
    return own;
  }

  /**
   * The TCK's published size, from {@value #TCK_SIZE_RESOURCE} on this class's class path.
   *
   * @return the number of tests a run of the whole TCK completes at least
   */
  public static int publishedTckSize() {
    try (InputStream in =
        CellTestCount.class.getClassLoader().getResourceAsStream(TCK_SIZE_RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(
            TCK_SIZE_RESOURCE + " is not on the class path: is fenced-tck a test dependency?");
      }
      Properties properties = new Properties();
      properties.load(in);
      return Integer.parseInt(properties.getProperty("tests").trim());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Checks the count against the cell's minimums.
   *
   * @param cell the cell's name, for the message
   * @param tckMinimum the TCK tests the cell must complete (0 for a cell without the TCK)
   * @param ownMinimum the cell's own tests it must complete
   * @throws IllegalStateException naming what is missing, when the cell completed fewer
   */
  public void requireAtLeast(String cell, int tckMinimum, int ownMinimum) {
    if (tck >= tckMinimum && own >= ownMinimum) {
      return;
    }
    throw new IllegalStateException(
        "Cell "
            + cell
            + " completed "
            + tck
            + " behaviour TCK tests (at least "
            + tckMinimum
            + " required, "
            + TCK_SIZE_RESOURCE
            + ") and "
            + own
            + " of its own tests (at least "
            + ownMinimum
            + " required): its Failsafe execution lost test classes"
            + " (includes, excludes, dependenciesToScan), or they were skipped. A green cell"
            + " must run all of them; -Dit.test=... selects classes and turns this check off.");
  }

  /**
   * Checks cells after their run and prints what each completed.
   *
   * @param args the folder that holds the cells' report folders (one per cell, named as the cell),
   *     then four values per cell: its name, {@code true} when the cell was skipped (nothing to
   *     check), {@code true} when it runs the whole behaviour TCK (or the number of TCK tests it
   *     runs when its includes select a part), and the minimum of its own tests
   */
  public static void main(String[] args) {
    if (args.length < 5 || (args.length - 1) % 4 != 0) {
      throw new IllegalArgumentException(
          "usage: reportsRoot (cell skipped runsTck ownMinimum)..., got " + List.of(args));
    }
    Path reportsRoot = Path.of(args[0]);
    for (int i = 1; i < args.length; i += 4) {
      check(
          args[i],
          Boolean.parseBoolean(args[i + 1]),
          reportsRoot.resolve(args[i]),
          args[i + 2],
          args[i + 3]);
    }
  }

  private static void check(
      String cell, boolean skipped, Path reports, String runsTck, String ownMinimumText) {
    if (skipped) {
      System.out.printf("Cell %s was skipped: no test count to check%n", cell);
      return;
    }
    CellTestCount count = of(reports);
    int tckMinimum = tckMinimum(runsTck);
    int ownMinimum = Integer.parseInt(ownMinimumText);
    try {
      count.requireAtLeast(cell, tckMinimum, ownMinimum);
    } catch (IllegalStateException e) {
      // the build's error is the message, not a stack trace
      System.err.println(e.getMessage());
      System.exit(1);
    }
    System.out.printf(
        "Cell %s completed %d behaviour TCK tests (at least %d) and %d of its own (at least %d)%n",
        cell, count.tck, tckMinimum, count.own, ownMinimum);
  }

  /**
   * The TCK tests a cell must complete.
   *
   * @param runsTck {@code true} for the whole TCK (its published size), {@code false} for none, or
   *     a number: the size of the part of the TCK a cell runs (its includes select some packages)
   * @return the minimum
   */
  static int tckMinimum(String runsTck) {
    if (runsTck.matches("\\d+")) {
      return Integer.parseInt(runsTck);
    }
    return Boolean.parseBoolean(runsTck) ? publishedTckSize() : 0;
  }

  private static List<Path> reportFiles(Path reports) {
    try (Stream<Path> files = Files.list(reports)) {
      return files
          .filter(file -> file.getFileName().toString().matches("TEST-.*\\.xml"))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Element suite(Path report) {
    try {
      DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
      factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      return factory.newDocumentBuilder().parse(report.toFile()).getDocumentElement();
    } catch (ParserConfigurationException | SAXException e) {
      throw new IllegalStateException("unreadable Failsafe report " + report, e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static int number(Element suite, String attribute) {
    String value = suite.getAttribute(attribute);
    return value.isEmpty() ? 0 : Integer.parseInt(value);
  }
}
