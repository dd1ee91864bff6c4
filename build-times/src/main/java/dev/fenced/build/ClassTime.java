package dev.fenced.build;

/**
 * One test class's run, as its report ({@code TEST-*.xml}) gives it.
 *
 * @param module the module's folder, relative to the build's root ({@code jpa-store})
 * @param cell the report's folder below {@code failsafe-reports} ({@code wildfly-jpa}), {@code
 *     failsafe} for reports directly in it, or {@code unit} for Surefire's
 * @param className the test class
 * @param seconds the class's own time
 * @param tests how many tests it ran
 */
record ClassTime(String module, String cell, String className, double seconds, int tests) {

  /** Where the class ran, as the tables name it: {@code arquillian-tests/wildfly-jpa}. */
  String where() {
    return module + "/" + cell;
  }

  /** The class's simple name. */
  String simpleName() {
    return className.substring(className.lastIndexOf('.') + 1);
  }
}
