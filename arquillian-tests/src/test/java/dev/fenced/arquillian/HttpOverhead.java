package dev.fenced.arquillian;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.arquillian.stores.TwinResource;
import dev.fenced.idempotency.spi.AcquireResult;
import dev.fenced.idempotency.spi.IdempotencyStore;
import dev.fenced.tck.support.Http;
import dev.fenced.tck.support.Reply;
import dev.fenced.tck.support.TckDeployment;
import java.io.IOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.function.ToDoubleFunction;
import java.util.regex.Pattern;

/**
 * What {@code @Idempotent} costs over HTTP on a real server, for the {@code *StoreHttpOverheadIT}:
 * the guarded endpoint of {@link TwinResource} beside its undecorated twin, driven by an {@link
 * HttpLoad}, and beside it the store's own two calls made from the test JVM. The kinds ({@link
 * Kind}) run interleaved in rounds (round 1: plain, first, replay, store; round 2: the same; ...),
 * so that a machine that speeds up or slows down moves them alike, and the table gives the medians
 * over the rounds. The targets (issue 17) are reported, never asserted (BENCHMARKS.md): replays at
 * least as many per second as the twin, and a first request's p50 at most the store's two calls and
 * {@value #MARGIN_MILLIS} ms above the twin's. The twin that does nothing is the strictest
 * comparison a replay can meet; the payment twins, which write one row to PostgreSQL as the least a
 * payment does, give the comparison with an endpoint that works ({@link TwinResource}). What is
 * asserted is that every answer was right (201; a replay with {@code Idempotent-Replayed: true} and
 * the first answer's body) and that every kind produced its samples in every round.
 *
 * <p>The sizes are system properties, small by default so that a cell stays fast ({@code
 * arquillian-tests/pom.xml} passes them): {@value #ROUNDS}, {@value #CONNECTIONS}, {@value #WARMUP}
 * and {@value #REQUESTS} (per kind and round), {@value #KEYS} (the completed keys replays cycle
 * over) and {@value #CAP_SECONDS} (the longest the whole measurement may take). The table is
 * printed and written to {@code http-overhead-<server>-<store>.md} in {@value #REPORT_DIR}.
 */
final class HttpOverhead {

  static final String ROUNDS = "fenced.http.rounds";
  static final String CONNECTIONS = "fenced.http.connections";
  static final String WARMUP = "fenced.http.warmup";
  static final String REQUESTS = "fenced.http.requests";
  static final String KEYS = "fenced.http.keys";
  static final String CAP_SECONDS = "fenced.http.cap-seconds";
  static final String REPORT_DIR = "fenced.http.report-dir";

  /** What a first request may add beyond the store's two calls, by the target. */
  private static final double MARGIN_MILLIS = 0.5;

  /** How long the outcomes live: longer than any measurement, and gone after it. */
  private static final Duration TTL = Duration.ofHours(1);

  private static final long LOCK_TTL_MILLIS = Duration.ofMinutes(1).toMillis();
  private static final String FINGERPRINT = "0123456789abcdef".repeat(4);
  private static final byte[] PAYLOAD = "x".repeat(64).getBytes(StandardCharsets.US_ASCII);
  private static final Pattern CREATED = Pattern.compile("\\{\"run\":\\d+}");
  private static final String PLAIN_PATH = "twins/plain";
  private static final String IDEMPOTENT_PATH = "twins/idempotent";
  private static final String PAYMENT_PLAIN_PATH = "twins/payments/plain";
  private static final String PAYMENT_IDEMPOTENT_PATH = "twins/payments/idempotent";

  /** What is measured, in the order of a round. */
  enum Kind {
    PLAIN("plain: the undecorated twin"),
    FIRST("first: `@Idempotent`, a new key per request"),
    REPLAY("replay: `@Idempotent`, a completed key"),
    STORE("the store's two calls: acquire + complete of a new key, from the test JVM"),
    PAYMENT_PLAIN("payment plain: the undecorated twin that writes a row"),
    PAYMENT_REPLAY("payment replay: `@Idempotent` twin that writes a row, a completed key");

    private final String label;

    Kind(String label) {
      this.label = label;
    }
  }

  /** The sizes of a measurement. */
  record Settings(int rounds, int connections, int warmup, int requests, int keys, Duration cap) {

    /** The sizes the system properties give, with the build's defaults. */
    static Settings read() {
      return new Settings(
          count(ROUNDS, 2, 1),
          count(CONNECTIONS, 4, 1),
          count(WARMUP, 50, 0),
          count(REQUESTS, 200, 1),
          count(KEYS, 50, 1),
          Duration.ofSeconds(count(CAP_SECONDS, 300, 1)));
    }

    private static int count(String property, int fallback, int least) {
      String value = System.getProperty(property, "").strip();
      int count = value.isEmpty() ? fallback : Integer.parseInt(value);
      if (count < least) {
        throw new IllegalArgumentException(property + " must be at least " + least + ": " + count);
      }
      return count;
    }
  }

  private final Settings settings;
  private final Map<Kind, List<ClosedLoop.Samples>> samples = new EnumMap<>(Kind.class);

  private HttpOverhead(Settings settings) {
    this.settings = settings;
    for (Kind kind : Kind.values()) {
      samples.put(kind, new ArrayList<>());
    }
  }

  /**
   * The deployment: {@link RequestKinds#deployment}'s application with {@link TwinResource}, whose
   * datasource {@value TwinResource#PAYMENTS} (on a database with {@link #createPaymentsTable}) the
   * caller declares.
   *
   * @param name the WAR's name
   * @return the deployment, still to build
   */
  static TckDeployment deployment(String name) {
    return RequestKinds.deployment(name)
        .classes(TwinResource.class)
        .config("fenced.idempotency.ttl", TTL.toMinutes() + "m");
  }

  /**
   * Creates the payment twins' table.
   *
   * @param database the database their datasource reaches
   */
  static void createPaymentsTable(OwnDatabase database) {
    database.execute(TwinResource.PAYMENTS_DDL);
  }

  /**
   * Measures every kind in every round, checking every answer.
   *
   * @param base the deployment's URL
   * @param store the store the deployment uses, built in this JVM on the same database or Redis,
   *     with a pool of at least {@link Settings#connections()} connections
   * @param settings the sizes
   * @return the samples
   * @throws AssertionError at the first wrong answer
   */
  static HttpOverhead measure(URL base, IdempotencyStore store, Settings settings)
      throws InterruptedException {
    HttpOverhead overhead = new HttpOverhead(settings);
    long deadline = System.nanoTime() + settings.cap().toNanos();
    Map<Kind, ClosedLoop.Call> calls =
        calls(new HttpLoad(base, settings.connections()), store, settings.keys(), deadline);
    for (int round = 1; round <= settings.rounds(); round++) {
      for (Kind kind : Kind.values()) {
        ClosedLoop.Samples run =
            ClosedLoop.run(
                settings.connections(),
                settings.warmup(),
                settings.requests(),
                left(deadline),
                calls.get(kind));
        overhead.samples.get(kind).add(run);
        System.out.printf(
            Locale.ROOT,
            "round %d, %s: %d measured, %.0f/s, p50 %.3f ms, p99 %.3f ms%n",
            round,
            kind.label,
            run.count(),
            run.perSecond(),
            run.percentileMillis(50),
            run.percentileMillis(99));
      }
    }
    return overhead;
  }

  /**
   * The call of each kind, a worker's connection or thread each; first completes the {@code keys}
   * that the replays of each guarded twin cycle over.
   */
  private static Map<Kind, ClosedLoop.Call> calls(
      HttpLoad load, IdempotencyStore store, int keys, long deadline) throws InterruptedException {
    Completed twin = Completed.on(load, IDEMPOTENT_PATH, keys, deadline);
    Completed payments = Completed.on(load, PAYMENT_IDEMPOTENT_PATH, keys, deadline);
    Map<Kind, ClosedLoop.Call> calls = new EnumMap<>(Kind.class);
    calls.put(
        Kind.PLAIN, (c, i) -> created(load.post(c, PLAIN_PATH, Http.unique("plain")), false, null));
    calls.put(
        Kind.FIRST,
        (c, i) -> created(load.post(c, IDEMPOTENT_PATH, Http.unique("first")), false, null));
    calls.put(Kind.REPLAY, (c, i) -> twin.replay(load, c, i));
    calls.put(Kind.STORE, (thread, i) -> acquireAndComplete(store));
    calls.put(
        Kind.PAYMENT_PLAIN,
        (c, i) ->
            created(load.post(c, PAYMENT_PLAIN_PATH, Http.unique("plain-paid")), false, null));
    calls.put(Kind.PAYMENT_REPLAY, (c, i) -> payments.replay(load, c, i));
    return calls;
  }

  /** The keys a guarded endpoint completed, with their first answers, for its replays. */
  private record Completed(String path, String[] keys, String[] bodies) {

    static Completed on(HttpLoad load, String path, int count, long deadline)
        throws InterruptedException {
      Completed completed = new Completed(path, new String[count], new String[count]);
      ClosedLoop.Samples firsts =
          ClosedLoop.run(
              load.connections(),
              0,
              count,
              left(deadline),
              (c, i) -> {
                completed.keys[i] = Http.unique("replayed");
                completed.bodies[i] = created(load.post(c, path, completed.keys[i]), false, null);
              });
      assertThat(firsts.count()).as("keys completed on %s for the replays", path).isEqualTo(count);
      return completed;
    }

    /** The {@code i}th replay: one of the keys in turn, answered with its first body. */
    void replay(HttpLoad load, int connection, int i) {
      int k = i % keys.length;
      created(load.post(connection, path, keys[k]), true, bodies[k]);
    }
  }

  /** Every kind produced the requested number of samples in every round. */
  void assertEveryKindMeasured() {
    samples.forEach(
        (kind, runs) -> {
          assertThat(runs).as("rounds of %s", kind.label).hasSize(settings.rounds());
          for (int round = 0; round < runs.size(); round++) {
            assertThat(runs.get(round).count())
                .as("measured calls of %s in round %d", kind.label, round + 1)
                .isEqualTo(settings.requests());
          }
        });
  }

  /**
   * Prints the table and writes it to {@code http-overhead-<cell>.md}.
   *
   * @param store the store's short name, {@code jpa} or {@code redis}
   * @param description the store as the title names it, e.g. how the server reaches it
   * @return the file written
   */
  Path report(String store, String description) throws IOException {
    String launch = System.getProperty("arquillian.launch");
    String server = System.getProperty("fenced.tck.server", launch == null ? "?" : launch);
    String table = table("HTTP overhead of `@Idempotent`: " + server + ", " + description);
    System.out.println(table);
    Path folder = Path.of(System.getProperty(REPORT_DIR, "target"));
    Files.createDirectories(folder);
    Path file =
        folder.resolve("http-overhead-" + (launch == null ? "" : launch + "-") + store + ".md");
    Files.writeString(file, table);
    return file;
  }

  private String table(String title) {
    StringBuilder out = new StringBuilder();
    out.append("### ").append(title).append("\n\n");
    out.append(
        String.format(
            Locale.ROOT,
            "%d rounds, medians over them; %d connections (keep-alive HTTP/1.1, closed loop); per"
                + " kind and round %d warm-up and %d measured requests; replays cycle over %d"
                + " completed keys; the store's two calls on %d threads sharing a pool of as many"
                + " connections.%n%n",
            settings.rounds(),
            settings.connections(),
            settings.warmup(),
            settings.requests(),
            settings.keys(),
            settings.connections()));
    out.append("| kind | per second | p50 ms | p99 ms |\n| --- | ---: | ---: | ---: |\n");
    for (Kind kind : Kind.values()) {
      out.append(
          String.format(
              Locale.ROOT,
              "| %s | %,.0f | %.2f | %.2f |%n",
              kind.label,
              median(kind, ClosedLoop.Samples::perSecond),
              median(kind, s -> s.percentileMillis(50)),
              median(kind, s -> s.percentileMillis(99))));
    }
    double replays = median(Kind.REPLAY, ClosedLoop.Samples::perSecond);
    double plain = median(Kind.PLAIN, ClosedLoop.Samples::perSecond);
    double firstOverhead =
        median(Kind.FIRST, s -> s.percentileMillis(50))
            - median(Kind.PLAIN, s -> s.percentileMillis(50));
    double storeCalls = median(Kind.STORE, s -> s.percentileMillis(50));
    double bound = storeCalls + MARGIN_MILLIS;
    double paymentReplays = median(Kind.PAYMENT_REPLAY, ClosedLoop.Samples::perSecond);
    double paymentPlain = median(Kind.PAYMENT_PLAIN, ClosedLoop.Samples::perSecond);
    out.append(
        "\n| replay / plain (throughput) | payment replay / payment plain | first p50 - plain p50 ms"
            + " | the store's two calls p50 ms | bound: two calls + 0.5 ms | replay target (>= 1.0)"
            + " | first target (<= bound) |\n| ---: | ---: | ---: | ---: | ---: | --- | --- |\n");
    out.append(
        String.format(
            Locale.ROOT,
            "| %.2f | %.2f | %.2f | %.2f | %.2f | %s | %s |%n",
            replays / plain,
            paymentReplays / paymentPlain,
            firstOverhead,
            storeCalls,
            bound,
            replays >= plain ? "met" : "missed",
            firstOverhead <= bound ? "met" : "missed"));
    return out.toString();
  }

  private double median(Kind kind, ToDoubleFunction<ClosedLoop.Samples> figure) {
    double[] values = samples.get(kind).stream().mapToDouble(figure).sorted().toArray();
    int middle = values.length / 2;
    return values.length % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
  }

  /** Checks a 201 and returns its body; {@code body} is the one a replay must carry, or null. */
  private static String created(Reply reply, boolean replayed, String body) {
    String text = reply.text();
    if (reply.status() != 201
        || reply.replayed() != replayed
        || !CREATED.matcher(text).matches()
        || (body != null && !body.equals(text))) {
      throw new AssertionError(
          "expected 201"
              + (replayed ? " replayed with " + body : " not replayed")
              + ", got "
              + reply.describe());
    }
    return text;
  }

  private static void acquireAndComplete(IdempotencyStore store) {
    String key = Http.unique("store");
    String owner = UUID.randomUUID().toString();
    AcquireResult acquired = store.acquire(key, owner, FINGERPRINT, LOCK_TTL_MILLIS);
    if (!(acquired instanceof AcquireResult.Acquired)) {
      throw new AssertionError("a new key was not acquired: " + acquired);
    }
    if (!store.complete(key, owner, PAYLOAD, TTL.toMillis())) {
      throw new AssertionError("the key just acquired was not completed: " + key);
    }
  }

  private static Duration left(long deadline) {
    return Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
  }
}
