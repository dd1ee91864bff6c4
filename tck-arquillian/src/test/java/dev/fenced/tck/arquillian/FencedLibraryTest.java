package dev.fenced.tck.arquillian;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.jboss.shrinkwrap.api.ArchivePath;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Builds Fenced's jars the same way from a packaged jar and from a classes folder. */
class FencedLibraryTest {

  private static final List<String> MODULE_FILES =
      List.of(
          "dev/fenced/cdi/boot/FencedExtension.class",
          "META-INF/services/jakarta.enterprise.inject.spi.Extension",
          "META-INF/beans.xml",
          "dev/fenced/tck/leaked/SomeTest.class");

  @TempDir Path temp;

  @Test
  void a_classes_folder_becomes_a_jar_with_its_classes_and_resources_but_not_the_tck()
      throws IOException {
    Path classes = Files.createDirectories(temp.resolve("classes"));
    for (String file : MODULE_FILES) {
      Files.createDirectories(classes.resolve(file).getParent());
      Files.writeString(classes.resolve(file), file);
    }

    assertModuleContent(FencedLibrary.jar("fenced-cdi.jar", classes));
  }

  @Test
  void a_packaged_jar_is_copied_with_its_classes_and_resources_but_not_the_tck()
      throws IOException {
    Path packaged = temp.resolve("fenced-cdi-0.1.0-SNAPSHOT.jar");
    try (OutputStream out = Files.newOutputStream(packaged);
        JarOutputStream jar = new JarOutputStream(out)) {
      for (String file : MODULE_FILES) {
        jar.putNextEntry(new JarEntry(file));
        jar.write(file.getBytes());
        jar.closeEntry();
      }
    }

    assertModuleContent(FencedLibrary.jar("fenced-cdi.jar", packaged));
  }

  @Test
  void the_jars_of_the_test_class_path_go_to_web_inf_lib_once() {
    WebArchive war = ShrinkWrap.create(WebArchive.class, "app.war");

    FencedLibrary.addTo(war);
    FencedLibrary.addTo(war);

    assertThat(war.getContent(path -> path.get().startsWith("/WEB-INF/lib/")).keySet())
        .extracting(ArchivePath::get)
        .containsExactlyInAnyOrder(
            "/WEB-INF/lib/fenced-api.jar",
            "/WEB-INF/lib/fenced-core.jar",
            "/WEB-INF/lib/fenced-cdi.jar",
            "/WEB-INF/lib/fenced-store-support.jar",
            "/WEB-INF/lib/fenced-health.jar",
            "/WEB-INF/lib/fenced-telemetry.jar");
    JavaArchive api = war.getAsType(JavaArchive.class, "WEB-INF/lib/fenced-api.jar");
    assertThat(api.contains("dev/fenced/ErrorCode.class")).isTrue();
    JavaArchive core = war.getAsType(JavaArchive.class, "WEB-INF/lib/fenced-core.jar");
    assertThat(core.contains("dev/fenced/core/memory/InMemoryLockStore.class")).isTrue();
    assertThat(core.contains("dev/fenced/cdi")).as("the CDI layer").isFalse();
    JavaArchive cdi = war.getAsType(JavaArchive.class, "WEB-INF/lib/fenced-cdi.jar");
    assertThat(cdi.contains("dev/fenced/cdi/boot/FencedExtension.class")).isTrue();
    assertThat(cdi.contains("dev/fenced/core")).as("the engines").isFalse();
    JavaArchive health = war.getAsType(JavaArchive.class, "WEB-INF/lib/fenced-health.jar");
    assertThat(health.contains("dev/fenced/health/StoreReadinessChecks.class")).isTrue();
    assertThat(health.contains("META-INF/beans.xml")).as("a bean archive").isTrue();
    JavaArchive telemetry = war.getAsType(JavaArchive.class, "WEB-INF/lib/fenced-telemetry.jar");
    assertThat(telemetry.contains("dev/fenced/telemetry/FencedMetrics.class")).isTrue();
    assertThat(telemetry.contains("META-INF/beans.xml")).as("a bean archive").isTrue();
  }

  private static void assertModuleContent(JavaArchive jar) {
    assertThat(jar.getName()).isEqualTo("fenced-cdi.jar");
    for (String file : MODULE_FILES.subList(0, 3)) {
      assertThat(jar.contains(file)).as(file).isTrue();
    }
    assertThat(jar.contains("dev/fenced/tck/leaked/SomeTest.class")).as("a TCK class").isFalse();
    assertThat(jar.contains("dev/fenced/tck")).as("the TCK package").isFalse();
  }
}
