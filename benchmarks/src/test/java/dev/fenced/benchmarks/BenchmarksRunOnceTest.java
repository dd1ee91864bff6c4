package dev.fenced.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Every benchmark method runs, in this JVM, one warmup and one measured iteration of 100 ms on one
 * thread with a few keys per thread (the growth table holds 100 records, the prune's backlog
 * {@value #SMOKE_BACKLOG}), and produces a positive score. A benchmark that throws (a store that
 * refuses a free lock, a statement of the JPA store that changed shape, a server that cannot be
 * reached) fails the build; how fast anything runs does not.
 */
class BenchmarksRunOnceTest {

  private static final int SMOKE_RECORDS = 100;

  private static final int SMOKE_BACKLOG = 100_000;

  @Test
  void everyBenchmarkProducesAPositiveScore() throws RunnerException {
    Collection<RunResult> results =
        new Runner(
                new OptionsBuilder()
                    .include("^dev\\.fenced\\.benchmarks\\.")
                    .forks(0)
                    .threads(1)
                    .warmupIterations(1)
                    .warmupTime(TimeValue.milliseconds(100))
                    .measurementIterations(1)
                    .measurementTime(TimeValue.milliseconds(100))
                    .mode(Mode.Throughput)
                    .timeUnit(TimeUnit.SECONDS)
                    .param("keysPerThread", "20")
                    .param("liveRecords", String.valueOf(SMOKE_RECORDS))
                    // enough for the prune to outlast an iteration of 100 ms
                    .param("expiredRecords", String.valueOf(SMOKE_BACKLOG))
                    .shouldFailOnError(true)
                    .build())
            .run();

    Set<String> methods = new TreeSet<>();
    Map<String, Double> scores = new TreeMap<>();
    for (RunResult result : results) {
      BenchmarkParams run = result.getParams();
      methods.add(run.getBenchmark());
      scores.put(
          run.getBenchmark()
              + run.getParamsKeys().stream()
                  .map(key -> " " + key + "=" + run.getParam(key))
                  .toList(),
          result.getPrimaryResult().getScore());
    }
    assertThat(methods).containsExactlyInAnyOrderElementsOf(everyBenchmarkMethod());
    assertThat(scores).allSatisfy((run, score) -> assertThat(score).as(run).isPositive());
  }

  @AfterAll
  static void dropTheGrowthTables() throws SQLException {
    Growth.dropTables(List.of(SMOKE_RECORDS));
  }

  /** The methods annotated {@code @Benchmark} in the classes the runners run. */
  private static List<String> everyBenchmarkMethod() {
    return Stream.concat(
            Arrays.stream(Comparison.values()).map(comparison -> comparison.benchmark),
            Growth.BENCHMARKS.stream())
        .distinct()
        .flatMap(type -> Arrays.stream(type.getDeclaredMethods()))
        .filter(method -> method.isAnnotationPresent(Benchmark.class))
        .map(BenchmarksRunOnceTest::name)
        .toList();
  }

  private static String name(Method method) {
    return method.getDeclaringClass().getName() + "." + method.getName();
  }
}
