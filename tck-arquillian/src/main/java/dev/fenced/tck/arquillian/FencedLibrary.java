package dev.fenced.tck.arquillian;

import java.io.File;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jboss.shrinkwrap.api.ArchivePath;
import org.jboss.shrinkwrap.api.ArchivePaths;
import org.jboss.shrinkwrap.api.Filter;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.importer.ExplodedImporter;
import org.jboss.shrinkwrap.api.importer.ZipImporter;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * Fenced's library as an application ships it: {@code fenced-api.jar}, {@code fenced-core.jar},
 * {@code fenced-cdi.jar}, {@code fenced-store-support.jar} (which {@code fenced-cdi} reads
 * durations with), {@code fenced-health.jar} (the servers run MicroProfile Health) and {@code
 * fenced-telemetry.jar} (WildFly's MicroProfile Telemetry is off unless a deployment turns it on;
 * Open Liberty has none, so there it proves the module harmless without the OpenTelemetry API) in
 * {@code WEB-INF/lib}, each holding whatever its module built (classes, {@code META-INF/services},
 * {@code beans.xml}).
 *
 * <p>Each jar is rebuilt from where the test class path has the module: its jar, or its classes
 * folder when Maven hands a reactor module over before packaging (or an IDE runs the test). The
 * location is found through one class of the module, so new files need no change here.
 */
public final class FencedLibrary {

  /** A class of {@code fenced-api}: its code source is the API's jar or classes folder. */
  public static final String API_ANCHOR = "dev.fenced.ErrorCode";

  /** A class of {@code fenced-core}: its code source is the engines' jar or classes folder. */
  public static final String CORE_ANCHOR = "dev.fenced.core.memory.InMemoryLockStore";

  /** A class of {@code fenced-cdi}: its code source is the extension's jar or classes folder. */
  public static final String CDI_ANCHOR = "dev.fenced.cdi.boot.FencedExtension";

  /** A class of {@code fenced-health}: its code source is the health checks' jar or folder. */
  public static final String HEALTH_ANCHOR = "dev.fenced.health.StoreReadinessChecks";

  /** A class of {@code fenced-telemetry}: its code source is the metrics' jar or folder. */
  public static final String TELEMETRY_ANCHOR = "dev.fenced.telemetry.FencedMetrics";

  /** A class of {@code fenced-graphql}: its code source is the GraphQL module's jar or folder. */
  public static final String GRAPHQL_ANCHOR = "dev.fenced.graphql.GraphqlEndpointFilter";

  /**
   * The system property naming a folder of jars that a deployment with a MicroProfile GraphQL API
   * gets in {@code WEB-INF/lib}: the GraphQL implementation, on a server that has none of its own
   * (SmallRye GraphQL on WildFly, whose MicroProfile GraphQL is a feature pack). Unset where the
   * server provides it (Open Liberty's {@code mpGraphQL-2.0}).
   */
  public static final String GRAPHQL_LIBRARIES = "fenced.tck.graphql.libraries";

  private static final String GRAPHQL_API = "org.eclipse.microprofile.graphql.GraphQLApi";

  /**
   * A class of {@code fenced-store-support}: its code source is the store kit's jar or classes
   * folder.
   */
  public static final String STORE_SUPPORT_ANCHOR = "dev.fenced.store.support.StoreBean";

  private static final String TCK_PACKAGE = "/dev/fenced/tck";

  private FencedLibrary() {}

  /**
   * Adds the six jars to {@code war}, unless a jar of that name is already there; and, to a WAR
   * with a MicroProfile GraphQL API, {@code fenced-graphql.jar} and the jars of {@value
   * #GRAPHQL_LIBRARIES}.
   */
  static void addTo(WebArchive war) {
    addJar(war, "fenced-api.jar", API_ANCHOR);
    addJar(war, "fenced-core.jar", CORE_ANCHOR);
    addJar(war, "fenced-cdi.jar", CDI_ANCHOR);
    addStoreSupport(war);
    addJar(war, "fenced-health.jar", HEALTH_ANCHOR);
    addJar(war, "fenced-telemetry.jar", TELEMETRY_ANCHOR);
    if (hasGraphqlApi(war)) {
      addJar(war, "fenced-graphql.jar", GRAPHQL_ANCHOR);
      addGraphqlLibraries(war);
    }
  }

  /** Whether a class of the WAR carries MicroProfile GraphQL's {@code @GraphQLApi}. */
  private static boolean hasGraphqlApi(WebArchive war) {
    String classes = "/WEB-INF/classes/";
    for (ArchivePath path : war.getContent().keySet()) {
      String name = path.get();
      if (!name.startsWith(classes) || !name.endsWith(".class")) {
        continue;
      }
      String className =
          name.substring(classes.length(), name.length() - ".class".length()).replace('/', '.');
      try {
        Class<?> type = Class.forName(className, false, FencedLibrary.class.getClassLoader());
        for (var annotation : type.getAnnotations()) {
          if (annotation.annotationType().getName().equals(GRAPHQL_API)) {
            return true;
          }
        }
      } catch (ClassNotFoundException | LinkageError e) {
        // a class the test class path does not have cannot be the test's GraphQL API
      }
    }
    return false;
  }

  private static void addGraphqlLibraries(WebArchive war) {
    String folder = System.getProperty(GRAPHQL_LIBRARIES, "").strip();
    if (folder.isEmpty()) {
      return;
    }
    File[] jars = new File(folder).listFiles((dir, name) -> name.endsWith(".jar"));
    if (jars == null || jars.length == 0) {
      throw new IllegalStateException(
          GRAPHQL_LIBRARIES + " names " + folder + ", which holds no jar");
    }
    war.addAsLibraries(jars);
  }

  /**
   * Adds {@code fenced-store-support.jar} to {@code war}, unless a jar of that name is already
   * there: a store whose bean extends the kit's {@code StoreBean} ships it beside its own jar (and
   * {@code fenced-cdi} needs it too, so the library always has it).
   *
   * @param war the deployment that gets a store built on the kit
   */
  public static void addStoreSupport(WebArchive war) {
    addJar(war, "fenced-store-support.jar", STORE_SUPPORT_ANCHOR);
  }

  private static void addJar(WebArchive war, String name, String anchorClass) {
    if (!war.contains(ArchivePaths.create("WEB-INF/lib", name))) {
      war.addAsLibrary(jar(name, anchorClass));
    }
  }

  /** The jar {@code name} with what {@code anchorClass}'s jar or classes folder holds. */
  public static JavaArchive jar(String name, String anchorClass) {
    return jar(name, locationOf(anchorClass));
  }

  /**
   * The jar {@code name} with what the jar or classes folder {@code location} holds, minus the TCK.
   */
  static JavaArchive jar(String name, Path location) {
    Filter<ArchivePath> notTck =
        path -> !path.get().equals(TCK_PACKAGE) && !path.get().startsWith(TCK_PACKAGE + "/");
    JavaArchive jar = ShrinkWrap.create(JavaArchive.class, name);
    if (Files.isDirectory(location)) {
      return jar.as(ExplodedImporter.class)
          .importDirectory(location.toFile(), notTck)
          .as(JavaArchive.class);
    }
    return jar.as(ZipImporter.class).importFrom(location.toFile(), notTck).as(JavaArchive.class);
  }

  private static Path locationOf(String anchorClass) {
    try {
      Class<?> anchor = Class.forName(anchorClass, false, FencedLibrary.class.getClassLoader());
      return Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(
          anchorClass + " is not on the test class path: is its module a test dependency?", e);
    } catch (URISyntaxException e) {
      throw new IllegalStateException("Unusable code source of " + anchorClass, e);
    }
  }
}
