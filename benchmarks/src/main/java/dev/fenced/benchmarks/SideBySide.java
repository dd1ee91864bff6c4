package dev.fenced.benchmarks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.ToDoubleFunction;
import org.openjdk.jmh.runner.RunnerException;

/**
 * Runs Fenced, its bare baseline and its peer for each {@link Comparison} <b>interleaved</b> (round
 * 1: Fenced, bare, peer; round 2: the same again; ...), so that a machine that slows down or speeds
 * up during the run moves them all alike, then prints one Markdown table of the medians over the
 * rounds: throughput, the ratios Fenced / bare and Fenced / peer (of throughput: 0.50 means half as
 * many operations per second), and the p50 and p99 of sample time. On PostgreSQL, Fenced is the
 * store on a datasource only it uses; the store on a datasource the application shares and the
 * store on the persistence unit (JPA) run in each round too, with their ratios; the replay also
 * runs a plain read of the outcome, with Fenced's ratio to it. Cells an operation has no method for
 * are "–".
 *
 * <p>System properties: {@code rounds} (3), {@code seconds} per iteration (2), {@code warmups}
 * iterations per run (1; one measured iteration follows), {@code warmupSeconds} (as {@code
 * seconds}), {@code threads} ("1,8"), {@code contendedThreads} (32, for the contended comparisons),
 * {@code forks} (1 JVM per run; 0 runs in this JVM), {@code modes} ("thrpt,sample"), {@code
 * operations} (every {@link Comparison}, or a comma-separated list of their names), {@code
 * keysPerThread} (the benchmarks' 1000), {@code skip} (methods not to run, comma-separated, e.g.
 * {@code fencedJpa}: their columns are "–"; Fenced's own always runs).
 */
public final class SideBySide {

  private SideBySide() {}

  /**
   * Runs the comparisons the system properties choose and prints the table on standard output
   * (progress on standard error).
   *
   * @param args none
   * @throws RunnerException when a benchmark fails
   */
  public static void main(String[] args) throws RunnerException {
    int rounds = Integer.getInteger("rounds", 3);
    int seconds = Integer.getInteger("seconds", 2);
    List<Integer> threads = Figures.integers(System.getProperty("threads", "1,8"));
    int contendedThreads = Integer.getInteger("contendedThreads", 32);
    List<Comparison> operations = new ArrayList<>();
    for (String name : System.getProperty("operations", names()).split(",")) {
      operations.add(Comparison.valueOf(name.strip()));
    }
    StringBuilder table = new StringBuilder();
    table.append(
        String.format(
            "%d rounds; each run: %d warmup iteration(s) of %d s, 1 measured iteration of %d s,"
                + " %d fork(s); medians over the rounds; ratios of throughput%n%n",
            rounds,
            Integer.getInteger("warmups", 1),
            Integer.getInteger("warmupSeconds", seconds),
            seconds,
            Integer.getInteger("forks", 1)));
    table.append(
        "Fenced (datasource): the PostgreSQL stores on a datasource only Fenced uses, and the"
            + " Redis stores; Fenced (shared datasource): the PostgreSQL stores on a datasource the"
            + " application shares; Fenced (JPA unit): the PostgreSQL stores on the Hibernate"
            + " persistence unit\n\n");
    table.append(
        "| operation | threads | Fenced (datasource) ops/s | Fenced (shared datasource) ops/s"
            + " | Fenced (JPA unit) ops/s | bare ops/s | plain read ops/s | peer ops/s"
            + " | Fenced (datasource) / bare | Fenced (shared datasource) / bare"
            + " | Fenced (datasource) / peer | Fenced (shared datasource) / peer"
            + " | Fenced (JPA unit) / bare | Fenced / plain read"
            + " | p50 µs Fenced / shared / JPA unit / bare / plain read / peer"
            + " | p99 µs Fenced / shared / JPA unit / bare / plain read / peer |\n");
    table.append(
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---:"
            + " | ---: | ---: | ---: |\n");
    for (Comparison operation : operations) {
      for (int threadCount : operation.contended() ? List.of(contendedThreads) : threads) {
        table.append(row(operation, threadCount, rounds, seconds)).append('\n');
      }
    }
    System.out.print(table);
  }

  private static String row(Comparison operation, int threads, int rounds, int seconds)
      throws RunnerException {
    Map<String, List<Measurement>> byMethod = new LinkedHashMap<>();
    byMethod.put(operation.fenced, new ArrayList<>());
    operation.fencedShared().ifPresent(shared -> byMethod.put(shared, new ArrayList<>()));
    operation.fencedJpa().ifPresent(jpa -> byMethod.put(jpa, new ArrayList<>()));
    byMethod.put(operation.bare, new ArrayList<>());
    operation.plainRead().ifPresent(plain -> byMethod.put(plain, new ArrayList<>()));
    operation.peer().ifPresent(peer -> byMethod.put(peer, new ArrayList<>()));
    Set<String> skipped = Set.copyOf(List.of(System.getProperty("skip", "").split(",")));
    byMethod.keySet().removeIf(skipped::contains);
    byMethod.putIfAbsent(operation.fenced, new ArrayList<>());
    for (int round = 1; round <= rounds; round++) {
      for (Map.Entry<String, List<Measurement>> method : byMethod.entrySet()) {
        Measurement measured = run(operation, method.getKey(), threads, seconds);
        method.getValue().add(measured);
        System.err.printf(
            Locale.ROOT,
            "round %d/%d %s %s, %d threads: %.0f ops/s, p50 %.0f µs, p99 %.0f µs%n",
            round,
            rounds,
            operation,
            method.getKey(),
            threads,
            measured.opsPerSecond(),
            measured.p50Micros(),
            measured.p99Micros());
      }
    }
    List<Measurement> fenced = byMethod.get(operation.fenced);
    List<Measurement> shared = measured(byMethod, operation.fencedShared());
    List<Measurement> jpa = measured(byMethod, operation.fencedJpa());
    List<Measurement> bare = measured(byMethod, Optional.of(operation.bare));
    List<Measurement> plain = measured(byMethod, operation.plainRead());
    List<Measurement> peer = measured(byMethod, operation.peer());
    List<List<Measurement>> columns = List.of(fenced, shared, jpa, bare, plain, peer);
    double fencedOps = Measurement.median(fenced, Measurement::opsPerSecond);
    double sharedOps = Measurement.median(shared, Measurement::opsPerSecond);
    double jpaOps = Measurement.median(jpa, Measurement::opsPerSecond);
    double bareOps = Measurement.median(bare, Measurement::opsPerSecond);
    double plainOps = Measurement.median(plain, Measurement::opsPerSecond);
    double peerOps = Measurement.median(peer, Measurement::opsPerSecond);
    return String.format(
        Locale.ROOT,
        "| %s | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |",
        operation.title,
        threads,
        Figures.number(fencedOps),
        Figures.number(sharedOps),
        Figures.number(jpaOps),
        Figures.number(bareOps),
        Figures.number(plainOps),
        operation.peerName().map(name -> name + " " + Figures.number(peerOps)).orElse("–"),
        Figures.ratio(fencedOps, bareOps),
        Figures.ratio(sharedOps, bareOps),
        Figures.ratio(fencedOps, peerOps),
        Figures.ratio(sharedOps, peerOps),
        Figures.ratio(jpaOps, bareOps),
        Figures.ratio(fencedOps, plainOps),
        latencies(columns, Measurement::p50Micros),
        latencies(columns, Measurement::p99Micros));
  }

  /**
   * What {@code method} measured, or nothing when the operation has no such method or it ran not.
   */
  private static List<Measurement> measured(
      Map<String, List<Measurement>> byMethod, Optional<String> method) {
    return method.map(byMethod::get).orElse(List.of());
  }

  /** The medians of one percentile, column by column, joined with " / ". */
  private static String latencies(
      List<List<Measurement>> columns, ToDoubleFunction<Measurement> percentile) {
    return String.join(
        " / ",
        columns.stream()
            .map(measured -> Figures.number(Measurement.median(measured, percentile)))
            .toList());
  }

  private static Measurement run(Comparison operation, String method, int threads, int seconds)
      throws RunnerException {
    Map<String, String> params = new LinkedHashMap<>();
    String keysPerThread = System.getProperty("keysPerThread");
    if (keysPerThread != null) {
      params.put("keysPerThread", keysPerThread);
    }
    return Measurement.run(
        operation.benchmark,
        method,
        threads,
        seconds,
        params,
        Measurement.modes(System.getProperty("modes", "thrpt,sample")));
  }

  private static String names() {
    return String.join(",", Arrays.stream(Comparison.values()).map(Enum::name).toList());
  }
}
