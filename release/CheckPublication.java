import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Checks a folder in Maven repository layout (a deployment's file repository, or the unzipped
 * bundle for Maven Central) against what Maven Central accepts and what Fenced means to publish:
 *
 * <ul>
 *   <li>every module of the source tree that deploys (no {@code maven.deploy.skip}) is there, and
 *       no other: {@code arquillian-tests} and its lanes, {@code examples/bookshelf}, {@code
 *       examples/mariadb-store}, {@code benchmarks} and {@code build-times} are not;
 *   <li>every POM has, itself or through its parents, a name, description, url, license, developer,
 *       scm connection, developerConnection and url, and issueManagement; the url and the scm url
 *       are the project's own, not one with the module's name appended by inheritance;
 *   <li>a jar module has its jar, sources jar and javadoc jar; with {@code --signed}, every file
 *       has its {@code .asc}.
 * </ul>
 *
 * <p>Run with the JDK alone, from the repository root: {@code java release/CheckPublication.java
 * <folder> <version> [--signed]}. It prints one line a problem and exits 1 when there is any.
 */
public final class CheckPublication {

  private static final String GROUP_PATH = "dev/fenced";
  private static final String PROJECT_URL = "https://github.com/fenced-dev/fenced";

  private final Path repository;
  private final String version;
  private final boolean signed;
  private final List<String> problems = new ArrayList<>();

  private CheckPublication(Path repository, String version, boolean signed) {
    this.repository = repository;
    this.version = version;
    this.signed = signed;
  }

  public static void main(String[] args) throws Exception {
    if (args.length < 2 || args.length > 3 || (args.length == 3 && !args[2].equals("--signed"))) {
      System.err.println("usage: java release/CheckPublication.java <folder> <version> [--signed]");
      System.exit(2);
    }
    CheckPublication check = new CheckPublication(Path.of(args[0]), args[1], args.length == 3);
    Map<String, SourceModule> published = SourceModule.published(Path.of("."));
    check.run(published);
    check.problems.forEach(problem -> System.out.println("PROBLEM " + problem));
    if (!check.problems.isEmpty()) {
      System.exit(1);
    }
    System.out.println(
        "OK "
            + published.size()
            + " artifacts "
            + String.join(", ", published.keySet())
            + " at "
            + args[1]
            + (check.signed ? ", signed" : ""));
  }

  private void run(Map<String, SourceModule> published) throws IOException {
    TreeSet<String> present = new TreeSet<>();
    Path group = repository.resolve(GROUP_PATH);
    if (Files.isDirectory(group)) {
      try (Stream<Path> artifacts = Files.list(group)) {
        artifacts
            .filter(dir -> Files.isDirectory(dir.resolve(version)))
            .forEach(dir -> present.add(dir.getFileName().toString()));
      }
    }
    for (String artifactId : present) {
      if (!published.containsKey(artifactId)) {
        problems.add(artifactId + " is published but its module skips deploy (or is no module)");
      }
    }
    for (SourceModule module : published.values()) {
      if (!present.contains(module.artifactId())) {
        problems.add(module.artifactId() + " (" + module.folder() + ") is missing");
        continue;
      }
      checkFiles(module);
      checkMetadata(module.artifactId());
    }
  }

  private void checkFiles(SourceModule module) {
    List<String> names = new ArrayList<>();
    names.add(module.artifactId() + "-" + version + ".pom");
    if (!module.packaging().equals("pom")) {
      for (String suffix : List.of("", "-sources", "-javadoc")) {
        names.add(module.artifactId() + "-" + version + suffix + "." + module.packaging());
      }
    }
    for (String name : names) {
      Path file = artifactFolder(module.artifactId()).resolve(name);
      if (!Files.isRegularFile(file)) {
        problems.add(module.artifactId() + ": " + name + " is missing");
      } else if (signed && !Files.isRegularFile(file.resolveSibling(name + ".asc"))) {
        problems.add(module.artifactId() + ": " + name + ".asc is missing");
      }
    }
  }

  private void checkMetadata(String artifactId) {
    List<Element> lineage = lineage(artifactId);
    if (lineage.isEmpty()) {
      return;
    }
    for (String field :
        List.of(
            "name",
            "description",
            "url",
            "licenses/license/name",
            "licenses/license/url",
            "developers/developer/name",
            "scm/connection",
            "scm/developerConnection",
            "scm/url",
            "issueManagement/url")) {
      if (inherited(lineage, field).isEmpty()) {
        problems.add(artifactId + ": no <" + field + ">");
      }
    }
    // Maven appends the module's artifactId to an inherited url unless the parent says not to
    expectProjectUrl(artifactId, lineage, "url", "child.project.url.inherit.append.path");
    expectProjectUrl(artifactId, lineage, "scm/url", "child.scm.url.inherit.append.path");
  }

  private void expectProjectUrl(
      String artifactId, List<Element> lineage, String field, String noAppendAttribute) {
    for (int level = 0; level < lineage.size(); level++) {
      Optional<Element> declared = child(lineage.get(level), field);
      if (declared.isEmpty()) {
        continue;
      }
      String url = declared.get().getTextContent().trim();
      // the attribute sits on the declaring POM's <project> for url, on its <scm> for scm/url
      Element holder =
          field.contains("/") ? (Element) declared.get().getParentNode() : lineage.get(level);
      boolean appended = level > 0 && !"false".equals(holder.getAttribute(noAppendAttribute));
      if (appended || !url.equals(PROJECT_URL)) {
        problems.add(
            artifactId
                + ": <"
                + field
                + "> is "
                + (appended ? url + "/... (appended by inheritance)" : url)
                + ", not "
                + PROJECT_URL);
      }
      return;
    }
  }

  /** The POM of the artifact, then its parents' POMs found in the same folder. */
  private List<Element> lineage(String artifactId) {
    List<Element> poms = new ArrayList<>();
    String current = artifactId;
    String currentVersion = version;
    while (current != null) {
      Path pom =
          repository
              .resolve(GROUP_PATH)
              .resolve(current)
              .resolve(currentVersion)
              .resolve(current + "-" + currentVersion + ".pom");
      if (!Files.isRegularFile(pom)) {
        problems.add(artifactId + ": its POM or its parent's is not published: " + pom);
        return List.of();
      }
      Element project = parse(pom);
      poms.add(project);
      Optional<Element> parent = child(project, "parent");
      current = parent.flatMap(p -> child(p, "artifactId")).map(Node::getTextContent).orElse(null);
      currentVersion =
          parent.flatMap(p -> child(p, "version")).map(Node::getTextContent).orElse(null);
    }
    return poms;
  }

  private static Optional<String> inherited(List<Element> lineage, String field) {
    return lineage.stream()
        .map(project -> child(project, field))
        .flatMap(Optional::stream)
        .map(element -> element.getTextContent().trim())
        .filter(text -> !text.isEmpty())
        .findFirst();
  }

  private Path artifactFolder(String artifactId) {
    return repository.resolve(GROUP_PATH).resolve(artifactId).resolve(version);
  }

  static Optional<Element> child(Element parent, String path) {
    Element current = parent;
    for (String name : path.split("/")) {
      Element found = null;
      for (Node node = current.getFirstChild(); node != null; node = node.getNextSibling()) {
        if (node instanceof Element element && element.getTagName().equals(name)) {
          found = element;
          break;
        }
      }
      if (found == null) {
        return Optional.empty();
      }
      current = found;
    }
    return Optional.of(current);
  }

  static Element parse(Path pom) {
    try {
      DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
      factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      return factory.newDocumentBuilder().parse(pom.toFile()).getDocumentElement();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (Exception e) {
      throw new IllegalStateException(pom + " does not parse: " + e.getMessage(), e);
    }
  }

  /** A module of the source tree: where it is, what it publishes, whether it deploys. */
  record SourceModule(String folder, String artifactId, String packaging) {

    /** The modules of the reactor at the root, and their modules, that deploy, by artifactId. */
    static Map<String, SourceModule> published(Path root) {
      Map<String, SourceModule> modules = new LinkedHashMap<>();
      collect(root, root, modules, false);
      return modules;
    }

    /**
     * A module inherits {@code maven.deploy.skip} from the module that lists it, which is also its
     * parent in this tree (the lanes of {@code arquillian-tests}).
     */
    private static void collect(
        Path root, Path folder, Map<String, SourceModule> modules, boolean aggregatorSkips) {
      Element project = parse(folder.resolve("pom.xml"));
      boolean skipsDeploy =
          child(project, "properties/maven.deploy.skip")
              .map(skip -> skip.getTextContent().trim().equals("true"))
              .orElse(aggregatorSkips);
      if (!skipsDeploy) {
        String artifactId = child(project, "artifactId").orElseThrow().getTextContent().trim();
        String packaging =
            child(project, "packaging").map(p -> p.getTextContent().trim()).orElse("jar");
        String relative = root.relativize(folder).toString();
        modules.put(
            artifactId,
            new SourceModule(relative.isEmpty() ? "." : relative, artifactId, packaging));
      }
      child(project, "modules")
          .ifPresent(
              list -> {
                for (Node node = list.getFirstChild(); node != null; node = node.getNextSibling()) {
                  if (node instanceof Element module) {
                    collect(
                        root,
                        folder.resolve(module.getTextContent().trim()).normalize(),
                        modules,
                        skipsDeploy);
                  }
                }
              });
    }
  }
}
