package dev.fenced.benchmarks;

import com.zaxxer.hikari.HikariDataSource;
import dev.fenced.testservers.PostgresServer;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.runner.RunnerException;

/**
 * Runs the PostgreSQL store's growth and prune benchmarks <b>interleaved</b> (round 1: every table
 * size, then the acquire without and during the prune; round 2: the same; ...) and prints two
 * Markdown tables of the medians over the rounds: the latency of an acquire and a replay at each
 * number of live records, beside that at the smallest ({@link PostgresGrowthBenchmark}); the
 * latency of an acquire beside a backlog of expired records, left alone and being pruned ({@link
 * PostgresPruneBenchmark}). Then it drops the benchmarks' own tables.
 *
 * <p>System properties: {@code rounds} (3), {@code records} ("10000,100000,1000000"; add 10000000
 * for 10^7; empty for the prune alone), {@code threads} (1) and {@code seconds} (3) of the growth
 * runs, {@code expiredRecords} (1000000), {@code pruneLimit} (1000), {@code prunePauseMillis} (0; a
 * list runs the prune once with each pause), {@code pruneThreads} (4) and {@code pruneSeconds} (5)
 * of the prune runs, which must end before the prune does; and {@link Measurement#run}'s {@code
 * forks}, {@code warmups}, {@code warmupSeconds} and {@code modes}.
 */
public final class Growth {

  /** The benchmark classes it runs. */
  static final List<Class<?>> BENCHMARKS =
      List.of(PostgresGrowthBenchmark.class, PostgresPruneBenchmark.class);

  /** The targets are latencies: sample time only, which also halves the fills and prunes. */
  private static final List<Mode> LATENCY = List.of(Mode.SampleTime);

  private Growth() {}

  /**
   * Runs the benchmarks the system properties choose and prints the tables on standard output.
   *
   * @param args none
   * @throws RunnerException when a benchmark fails
   * @throws SQLException when the tables cannot be dropped
   */
  public static void main(String[] args) throws RunnerException, SQLException {
    int rounds = Integer.getInteger("rounds", 3);
    String recordsProperty = System.getProperty("records", "10000,100000,1000000");
    List<Integer> records =
        recordsProperty.isBlank() ? List.of() : Figures.integers(recordsProperty);
    int threads = Integer.getInteger("threads", 1);
    int seconds = Integer.getInteger("seconds", 3);
    String expiredRecords = System.getProperty("expiredRecords", "1000000");
    String pruneLimit = System.getProperty("pruneLimit", "1000");
    List<Integer> prunePauses = Figures.integers(System.getProperty("prunePauseMillis", "0"));
    int pruneThreads = Integer.getInteger("pruneThreads", 4);
    int pruneSeconds = Integer.getInteger("pruneSeconds", 5);

    Map<Integer, List<Measurement>> acquires = new LinkedHashMap<>();
    Map<Integer, List<Measurement>> replays = new LinkedHashMap<>();
    List<Measurement> leftAlone = new ArrayList<>();
    Map<Integer, List<Measurement>> pruned = new LinkedHashMap<>();
    for (int round = 1; round <= rounds; round++) {
      for (int live : records) {
        Map<String, String> params = Map.of("liveRecords", String.valueOf(live));
        acquires
            .computeIfAbsent(live, n -> new ArrayList<>())
            .add(
                progress(
                    round,
                    "acquire, " + live + " live records",
                    Measurement.run(
                        PostgresGrowthBenchmark.class,
                        "acquire",
                        threads,
                        seconds,
                        params,
                        LATENCY)));
        replays
            .computeIfAbsent(live, n -> new ArrayList<>())
            .add(
                progress(
                    round,
                    "replay, " + live + " live records",
                    Measurement.run(
                        PostgresGrowthBenchmark.class,
                        "replay",
                        threads,
                        seconds,
                        params,
                        LATENCY)));
      }
      leftAlone.add(
          progress(
              round,
              "acquire beside the backlog",
              pruneRun(expiredRecords, pruneLimit, false, 0, pruneThreads, pruneSeconds)));
      for (int pause : prunePauses) {
        pruned
            .computeIfAbsent(pause, p -> new ArrayList<>())
            .add(
                progress(
                    round,
                    "acquire during the prune, " + pause + " ms between batches",
                    pruneRun(expiredRecords, pruneLimit, true, pause, pruneThreads, pruneSeconds)));
      }
    }
    if (!records.isEmpty()) {
      System.out.print(growthTable(rounds, threads, seconds, acquires, replays));
      System.out.println();
    }
    System.out.print(
        pruneTable(
            rounds, pruneThreads, pruneSeconds, expiredRecords, pruneLimit, leftAlone, pruned));
    dropTables(records);
  }

  private static String growthTable(
      int rounds,
      int threads,
      int seconds,
      Map<Integer, List<Measurement>> acquires,
      Map<Integer, List<Measurement>> replays) {
    StringBuilder table = new StringBuilder();
    table.append(
        String.format(
            Locale.ROOT,
            "Growth: %d rounds, %d thread(s), %d s measured per run; medians over the rounds;"
                + " latencies in µs; \"÷ first\" is the p50 over that at %,d records%n%n",
            rounds,
            threads,
            seconds,
            acquires.keySet().iterator().next()));
    table.append(
        "| live records | acquire p50 | acquire p99 | acquire p50 ÷ first"
            + " | replay p50 | replay p99 | replay p50 ÷ first |\n");
    table.append("| ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
    double firstAcquire = Double.NaN;
    double firstReplay = Double.NaN;
    for (int live : acquires.keySet()) {
      List<Measurement> acquire = acquires.get(live);
      List<Measurement> replay = replays.get(live);
      double acquireP50 = Measurement.median(acquire, Measurement::p50Micros);
      double replayP50 = Measurement.median(replay, Measurement::p50Micros);
      if (Double.isNaN(firstAcquire)) {
        firstAcquire = acquireP50;
        firstReplay = replayP50;
      }
      table.append(
          String.format(
              Locale.ROOT,
              "| %,d | %s | %s | %s | %s | %s | %s |%n",
              live,
              Figures.number(acquireP50),
              Figures.number(Measurement.median(acquire, Measurement::p99Micros)),
              Figures.ratio(acquireP50, firstAcquire),
              Figures.number(replayP50),
              Figures.number(Measurement.median(replay, Measurement::p99Micros)),
              Figures.ratio(replayP50, firstReplay)));
    }
    return table.toString();
  }

  private static String pruneTable(
      int rounds,
      int threads,
      int seconds,
      String expiredRecords,
      String pruneLimit,
      List<Measurement> quiet,
      Map<Integer, List<Measurement>> pruned) {
    StringBuilder table = new StringBuilder();
    table.append(
        String.format(
            Locale.ROOT,
            "Prune: acquires of new keys on %d threads, %d s measured per run, beside %,d expired"
                + " records left alone and while prune(%d, pause) deletes them; %d rounds,"
                + " medians; latencies in µs%n%n",
            threads,
            seconds,
            Long.parseLong(expiredRecords),
            Integer.parseInt(pruneLimit),
            rounds));
    table.append(
        "| acquire | p50 | p99 | p50 ÷ beside | p99 ÷ beside |\n| --- | ---: | ---: | ---: | ---: |\n");
    table.append(pruneRow("beside the backlog", quiet, quiet));
    pruned.forEach(
        (pause, measured) ->
            table.append(pruneRow("during the prune, pause " + pause + " ms", measured, quiet)));
    return table.toString();
  }

  private static String pruneRow(String name, List<Measurement> measured, List<Measurement> quiet) {
    return String.format(
        "| %s | %s | %s | %s | %s |%n",
        name,
        Figures.number(Measurement.median(measured, Measurement::p50Micros)),
        Figures.number(Measurement.median(measured, Measurement::p99Micros)),
        Figures.ratio(
            Measurement.median(measured, Measurement::p50Micros),
            Measurement.median(quiet, Measurement::p50Micros)),
        Figures.ratio(
            Measurement.median(measured, Measurement::p99Micros),
            Measurement.median(quiet, Measurement::p99Micros)));
  }

  /** One run of the prune benchmark: the backlog left alone, or pruned with {@code pause}. */
  private static Measurement pruneRun(
      String expiredRecords,
      String pruneLimit,
      boolean pruning,
      int pause,
      int threads,
      int seconds)
      throws RunnerException {
    Map<String, String> params =
        Map.of(
            "expiredRecords",
            expiredRecords,
            "pruneLimit",
            pruneLimit,
            "prunePauseMillis",
            String.valueOf(pause),
            "pruning",
            String.valueOf(pruning));
    return Measurement.run(
        PostgresPruneBenchmark.class, "acquire", threads, seconds, params, LATENCY);
  }

  private static Measurement progress(int round, String what, Measurement measured) {
    System.err.printf(
        Locale.ROOT,
        "round %d: %s: p50 %.0f µs, p99 %.0f µs%n",
        round,
        what,
        measured.p50Micros(),
        measured.p99Micros());
    return measured;
  }

  /**
   * Drops the prune benchmark's own tables and the growth benchmark's of each size in {@code
   * liveRecords}, which hold up to millions of rows.
   */
  static void dropTables(List<Integer> liveRecords) throws SQLException {
    try (HikariDataSource pool = PostgresDatabase.autoCommitPool(PostgresServer.get(), "drop")) {
      for (int size : liveRecords) {
        GrowthTable.of(size).drop(pool);
      }
      PruneBacklog.TABLE.drop(pool);
    }
  }
}
