package dev.fenced.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The engines stay plain Java: no compiled class under {@code dev.fenced.core} refers to CDI,
 * interceptors or JAX-RS. Checks the class files' constant pools, so fully qualified uses count
 * too.
 */
class CoreIsPlainJavaTest {

  private static final List<String> CONTAINER_PACKAGES =
      List.of("jakarta/enterprise/", "jakarta/interceptor/", "jakarta/ws/rs/");

  @Test
  void no_core_class_refers_to_cdi_interceptors_or_jax_rs() throws Exception {
    List<Path> classes = coreClassFiles();
    assertThat(classes).as("compiled classes under dev.fenced.core").hasSizeGreaterThan(5);

    List<String> offenders =
        classes.stream()
            .filter(CoreIsPlainJavaTest::refersToContainer)
            .map(Path::toString)
            .collect(Collectors.toList());

    assertThat(offenders).isEmpty();
  }

  @Test
  void the_check_sees_a_reference_to_a_container_package() {
    byte[] constantPool = "Ljakarta/enterprise/context/ApplicationScoped;".getBytes();
    assertThat(refersToContainer(constantPool)).isTrue();
  }

  private static List<Path> coreClassFiles() throws URISyntaxException, IOException {
    Path root = Path.of(OwnerId.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    try (Stream<Path> files = Files.walk(root.resolve("dev/fenced/core"))) {
      return files.filter(p -> p.toString().endsWith(".class")).collect(Collectors.toList());
    }
  }

  private static boolean refersToContainer(Path classFile) {
    try {
      return refersToContainer(Files.readAllBytes(classFile));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static boolean refersToContainer(byte[] classBytes) {
    String text = new String(classBytes, StandardCharsets.ISO_8859_1);
    return CONTAINER_PACKAGES.stream().anyMatch(text::contains);
  }
}
