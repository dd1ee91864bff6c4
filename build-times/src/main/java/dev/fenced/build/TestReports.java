package dev.fenced.build;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Reads the test classes' times of one module from its Surefire and Failsafe reports: {@code
 * target/surefire-reports/TEST-*.xml} (cell {@code unit}), {@code
 * target/failsafe-reports/TEST-*.xml} (cell {@code failsafe}) and {@code
 * target/failsafe-reports/<cell>/TEST-*.xml}. Only each report's root element is read.
 */
final class TestReports {

  private static final XMLInputFactory XML = XMLInputFactory.newFactory();

  static {
    XML.setProperty(XMLInputFactory.SUPPORT_DTD, false);
    XML.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
  }

  private TestReports() {}

  /**
   * The classes a module's reports name.
   *
   * @param root the build's root folder
   * @param module a module's folder
   * @return its classes' times, in no particular order
   * @throws IOException when a folder cannot be listed
   */
  static List<ClassTime> of(Path root, Path module) throws IOException {
    String name = root.relativize(module).toString().replace('\\', '/');
    List<ClassTime> times = new ArrayList<>();
    Path target = module.resolve("target");
    addFolder(times, name, "unit", target.resolve("surefire-reports"));
    Path failsafe = target.resolve("failsafe-reports");
    addFolder(times, name, "failsafe", failsafe);
    if (Files.isDirectory(failsafe)) {
      try (Stream<Path> cells = Files.list(failsafe)) {
        for (Path cell : cells.filter(Files::isDirectory).sorted().toList()) {
          addFolder(times, name, cell.getFileName().toString(), cell);
        }
      }
    }
    return times;
  }

  private static void addFolder(List<ClassTime> times, String module, String cell, Path folder)
      throws IOException {
    if (!Files.isDirectory(folder)) {
      return;
    }
    try (Stream<Path> reports = Files.list(folder)) {
      for (Path report : reports.filter(TestReports::isReport).sorted().toList()) {
        read(module, cell, report).ifPresent(times::add);
      }
    }
  }

  private static boolean isReport(Path file) {
    String name = file.getFileName().toString();
    return name.startsWith("TEST-") && name.endsWith(".xml") && Files.isRegularFile(file);
  }

  /**
   * The root {@code testsuite} element of one report; empty when the file is not one (a report
   * being written, another tool's XML).
   */
  static Optional<ClassTime> read(String module, String cell, Path report) throws IOException {
    try (InputStream in = Files.newInputStream(report)) {
      XMLStreamReader xml = XML.createXMLStreamReader(in);
      try {
        while (xml.hasNext()) {
          if (xml.next() == XMLStreamConstants.START_ELEMENT) {
            if (!xml.getLocalName().equals("testsuite")) {
              return Optional.empty();
            }
            return Optional.of(
                new ClassTime(
                    module,
                    cell,
                    xml.getAttributeValue(null, "name"),
                    number(xml.getAttributeValue(null, "time")),
                    (int) number(xml.getAttributeValue(null, "tests"))));
          }
        }
        return Optional.empty();
      } finally {
        xml.close();
      }
    } catch (XMLStreamException e) {
      return Optional.empty();
    }
  }

  /** A report's number; Surefire writes thousands with a grouping comma ({@code 1,234.5}). */
  private static double number(String value) {
    if (value == null || value.isBlank()) {
      return 0;
    }
    try {
      return Double.parseDouble(value.replace(",", ""));
    } catch (NumberFormatException e) {
      return 0;
    }
  }
}
