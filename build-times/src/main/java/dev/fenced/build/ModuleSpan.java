package dev.fenced.build;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * How long a module took, read off its {@code target} folder: from the first file the compiler
 * wrote ({@code target/maven-status}, at its compile step) to the last file written there (a
 * report, a log, the jar). It leaves out the module's first steps (the formatting and enforcer
 * checks, a few seconds) and counts nothing of an earlier build only if {@code target} was clean.
 * Unpacked archives keep their own, older times, so they never move the last file.
 */
final class ModuleSpan {

  private ModuleSpan() {}

  /**
   * The span of one module.
   *
   * @param module the module's folder
   * @return the span, or empty when the module compiled nothing (no {@code target/maven-status})
   */
  static Optional<Duration> of(Path module) {
    Path target = module.resolve("target");
    Optional<FileTime> first = lastOf(target.resolve("maven-status"), Comparator.reverseOrder());
    Optional<FileTime> last = lastOf(target, Comparator.naturalOrder());
    if (first.isEmpty() || last.isEmpty()) {
      return Optional.empty();
    }
    Duration span = Duration.between(first.get().toInstant(), last.get().toInstant());
    return Optional.of(span.isNegative() ? Duration.ZERO : span);
  }

  /** The last time of a regular file below {@code folder} in {@code order}. */
  private static Optional<FileTime> lastOf(Path folder, Comparator<FileTime> order) {
    if (!Files.isDirectory(folder)) {
      return Optional.empty();
    }
    try (Stream<Path> files = Files.walk(folder)) {
      return files.filter(Files::isRegularFile).map(ModuleSpan::modified).max(order);
    } catch (IOException | UncheckedIOException e) {
      return Optional.empty(); // a file removed while walking: no figure rather than a wrong one
    }
  }

  private static FileTime modified(Path file) {
    try {
      return Files.getLastModifiedTime(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
