package dev.fenced.telemetry;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class MetricNamesTest {

  @Test
  void theGuideNamesEveryMetricAndAttribute() throws Exception {
    Path docs = Path.of(System.getProperty("user.dir")).resolveSibling("docs");
    String operating = Files.readString(docs.resolve("guide/operating.md"));

    assertThat(names()).allSatisfy(name -> assertThat(operating).contains("`" + name));
  }

  @Test
  void everyNameIsInFencedsNamespaceOrAnOpenTelemetryConvention() throws Exception {
    assertThat(names())
        .allMatch(
            name ->
                name.startsWith("fenced.")
                    || name.equals("error.type")
                    || name.equals("dev.fenced"));
  }

  private static List<String> names() throws IllegalAccessException {
    List<String> names = new ArrayList<>();
    for (Field field :
        Arrays.stream(MetricNames.class.getDeclaredFields())
            .filter(f -> Modifier.isStatic(f.getModifiers()) && f.getType() == String.class)
            .toList()) {
      names.add((String) field.get(null));
    }
    return names;
  }
}
