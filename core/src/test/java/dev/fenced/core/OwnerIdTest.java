package dev.fenced.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class OwnerIdTest {

  @Test
  void an_owner_id_names_this_instance_before_a_random_part() {
    String owner = OwnerId.random();

    assertThat(owner).matches(Pattern.quote(OwnerId.instance()) + "/[0-9a-f]{32}");
  }

  @Test
  void two_owner_ids_differ() {
    assertThat(OwnerId.random()).isNotEqualTo(OwnerId.random());
  }

  @Test
  void owner_ids_drawn_by_many_threads_at_once_are_all_different() throws Exception {
    int threads = 8;
    int each = 10_000;
    Set<String> drawn = ConcurrentHashMap.newKeySet();
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> draws = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        draws.add(
            pool.submit(
                () -> {
                  start.await();
                  for (int i = 0; i < each; i++) {
                    drawn.add(OwnerId.random());
                  }
                  return null;
                }));
      }
      start.countDown();
      for (Future<?> draw : draws) {
        draw.get(30, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }

    assertThat(drawn).hasSize(threads * each);
  }

  @Test
  void the_instance_is_the_jvm_name_when_no_system_property_names_it() {
    String pidAtHost = java.lang.management.ManagementFactory.getRuntimeMXBean().getName();

    assertThat(OwnerId.instance())
        .isEqualTo(
            pidAtHost.substring(0, Math.min(pidAtHost.length(), OwnerId.MAX_INSTANCE_LENGTH)));
  }
}
