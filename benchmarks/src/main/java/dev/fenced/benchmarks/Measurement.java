package dev.fenced.benchmarks;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * What one run of one benchmark method measured: throughput (operations per second, from the {@code
 * Throughput} mode) and the p50 and p99 of the {@code SampleTime} mode, in µs; {@code NaN} for a
 * mode that did not run.
 *
 * @param opsPerSecond the throughput
 * @param p50Micros the median latency
 * @param p99Micros the 99th percentile of latency
 */
record Measurement(double opsPerSecond, double p50Micros, double p99Micros) {

  /**
   * Runs one benchmark method once and reads what it measured. System properties: {@code forks} (1
   * JVM; 0 runs in this JVM), {@code warmups} iterations (1) of {@code warmupSeconds} (as {@code
   * seconds}), {@code modes} ("thrpt,sample"); one measured iteration of {@code seconds}.
   *
   * @param type the benchmark class
   * @param method the benchmark method
   * @param threads the threads that call it
   * @param seconds the measured iteration
   * @param params JMH parameters ({@code @Param}) to set, by name
   * @param modes the modes to run it in, e.g. {@code Throughput} and {@code SampleTime}
   * @return the measurement
   * @throws RunnerException when the benchmark fails
   */
  static Measurement run(
      Class<?> type,
      String method,
      int threads,
      int seconds,
      Map<String, String> params,
      List<Mode> modes)
      throws RunnerException {
    ChainedOptionsBuilder options =
        new OptionsBuilder()
            .include(include(type, method))
            .threads(threads)
            .forks(Integer.getInteger("forks", 1))
            .warmupIterations(Integer.getInteger("warmups", 1))
            .warmupTime(TimeValue.seconds(Integer.getInteger("warmupSeconds", seconds)))
            .measurementIterations(1)
            .measurementTime(TimeValue.seconds(seconds))
            .timeUnit(TimeUnit.MICROSECONDS)
            .shouldFailOnError(true)
            .verbosity(VerboseMode.SILENT);
    modes.forEach(options::mode);
    params.forEach(options::param);
    double opsPerSecond = Double.NaN;
    double p50 = Double.NaN;
    double p99 = Double.NaN;
    for (RunResult result : new Runner(options.build()).run()) {
      Result<?> primary = result.getPrimaryResult();
      if (result.getParams().getMode() == Mode.Throughput) {
        opsPerSecond = primary.getScore() * 1_000_000; // ops/µs
      } else if (result.getParams().getMode() == Mode.SampleTime) {
        p50 = primary.getStatistics().getPercentile(50);
        p99 = primary.getStatistics().getPercentile(99);
      }
    }
    return new Measurement(opsPerSecond, p50, p99);
  }

  /** The modes a comma-separated list of their JMH names gives, e.g. "thrpt,sample". */
  static List<Mode> modes(String names) {
    return Arrays.stream(names.split(",")).map(String::strip).map(Mode::deepValueOf).toList();
  }

  /** The JMH include pattern of one benchmark method, and of nothing else. */
  static String include(Class<?> type, String method) {
    return "^" + type.getName().replace(".", "\\.") + "\\." + method + "$";
  }

  /** The median of one value over several runs, ignoring those that did not measure it. */
  static double median(List<Measurement> measured, ToDoubleFunction<Measurement> value) {
    double[] sorted = measured.stream().mapToDouble(value).filter(v -> !Double.isNaN(v)).toArray();
    if (sorted.length == 0) {
      return Double.NaN;
    }
    Arrays.sort(sorted);
    int middle = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  }
}
