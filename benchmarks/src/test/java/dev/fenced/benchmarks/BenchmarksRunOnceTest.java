package dev.fenced.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Every benchmark method runs, in this JVM, one warmup and one measured iteration of 100 ms on one
 * thread with a few keys per thread, and produces a positive score. A benchmark that throws (a
 * store that refuses a free lock, a statement of the JPA store that changed shape, a server that
 * cannot be reached) fails the build; how fast anything runs does not.
 */
class BenchmarksRunOnceTest {

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
                    .shouldFailOnError(true)
                    .build())
            .run();

    Map<String, Double> scores = new TreeMap<>();
    for (RunResult result : results) {
      scores.put(result.getParams().getBenchmark(), result.getPrimaryResult().getScore());
    }
    assertThat(scores.keySet()).containsExactlyInAnyOrderElementsOf(everyBenchmarkMethod());
    assertThat(scores).allSatisfy((name, score) -> assertThat(score).as(name).isPositive());
  }

  /** The methods annotated {@code @Benchmark} in the classes {@link Comparison} names. */
  private static List<String> everyBenchmarkMethod() {
    return Arrays.stream(Comparison.values())
        .map(comparison -> comparison.benchmark)
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
