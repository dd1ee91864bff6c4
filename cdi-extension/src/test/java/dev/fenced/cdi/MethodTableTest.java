package dev.fenced.cdi;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import org.junit.jupiter.api.Test;

class MethodTableTest {

  static class Job {
    public void run() {}

    public void run(String arg) {}
  }

  static class JobSubclass extends Job {}

  private static Method method(Class<?> type, String name, Class<?>... parameters) {
    try {
      return type.getMethod(name, parameters);
    } catch (NoSuchMethodException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void a_proxy_subclass_finds_the_bean_classs_entry_by_signature() {
    MethodTable<String> table =
        new MethodTable.Builder<String>().add(Job.class, method(Job.class, "run"), "job").build();

    assertThat(table.find(JobSubclass.class, method(JobSubclass.class, "run"))).hasValue("job");
    assertThat(table.find(Job.class, method(Job.class, "run", String.class))).isEmpty();
    assertThat(table.size()).isEqualTo(1);
    assertThat(table.all()).containsExactly("job");
  }

  @Test
  void an_empty_table_finds_nothing() {
    assertThat(MethodTable.<String>empty().find(Job.class, method(Job.class, "run"))).isEmpty();
  }
}
