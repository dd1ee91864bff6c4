package dev.fenced.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code benchmarks/layout.sh} in {@code split} puts PostgreSQL and Redis on the store CPU and the
 * command on the client CPU, gives the command both stores' URLs, and stops the stores and deletes
 * their directory when the command ends; in {@code shared} nothing is pinned. The command is a
 * small bash script that reports its own affinity and that of the stores' processes ({@code
 * postmaster.pid}, Redis's {@code INFO server}) as {@code taskset -p} sees them.
 *
 * <p>Skipped, with the script's reason, where the machine cannot run the layout (exit status 3: one
 * CPU, no {@code taskset}, no PostgreSQL server binaries or Redis), and where it is not Linux or
 * has no {@code psql} for the command to ask PostgreSQL with.
 */
class LayoutScriptPinsEachSideTest {

  private static final Path SCRIPT = Path.of(System.getProperty("basedir", "."), "layout.sh");
  private static final int CANNOT_RUN_HERE = 3;
  private static final long BOUND_SECONDS = 120;

  /** What the command prints, as {@code key=value} lines; it ends with status 7. */
  private static final String COMMAND =
      """
      set -eu
      cpus() { taskset -cp "$1" | sed 's/.*: //'; }
      echo "client=$(cpus $$)"
      pg=$(head -n 1 "$FENCED_LAYOUT_DIR/postgres/postmaster.pid")
      echo "postgres-pid=$pg"
      echo "postgres-cpus=$(cpus "$pg")"
      redis=$(redis-cli -u "$FENCED_TEST_REDIS_URL" info server | tr -d '\\r' | sed -n 's/^process_id://p')
      echo "redis-pid=$redis"
      echo "redis-cpus=$(cpus "$redis")"
      echo "redis-ping=$(redis-cli -u "$FENCED_TEST_REDIS_URL" ping)"
      url=${FENCED_TEST_POSTGRES_URL#jdbc:}
      echo "postgres-answer=$(psql "$url" -Atc 'select 6 * 7')"
      echo "postgres-directory=$(psql "$url" -Atc 'show data_directory')"
      echo "directory=$FENCED_LAYOUT_DIR"
      exit 7
      """;

  private static Run split;
  private static Run shared;

  /** Why this machine cannot run the layout, or {@code null}. */
  private static String cannotRun;

  /** Both layouts at once (they use ports of their own): the cost is one start-up, not two. */
  @BeforeAll
  static void runTheScriptInEachLayout() throws IOException, InterruptedException {
    if (!"Linux".equals(System.getProperty("os.name"))) {
      cannotRun = "the layout is Linux's (taskset), this is " + System.getProperty("os.name");
    } else if (!onPath("psql")) {
      cannotRun = "psql, which the command asks PostgreSQL with, is missing";
    } else {
      Run.Started splitting = Run.start("split");
      Run.Started sharing = Run.start("shared");
      try {
        split = splitting.end();
      } finally {
        shared = sharing.end();
      }
      for (Run run : List.of(split, shared)) {
        if (run.status == CANNOT_RUN_HERE) {
          cannotRun = run.output.strip();
        }
      }
    }
  }

  /** Each test, not the class, is skipped: Surefire counts and shows a skipped test's reason. */
  @BeforeEach
  void skipWhereTheMachineCannotRunTheLayout() {
    assumeThat(cannotRun).as("this machine cannot run the layout: %s", cannotRun).isNull();
  }

  @Test
  void inSplitTheCommandRunsOnTheClientCpuOnly() {
    assertThat(cpus(split.value("client"))).containsExactly(1);
  }

  @Test
  void inSplitPostgresAndRedisRunOnTheStoreCpuOnly() {
    assertThat(cpus(split.value("postgres-cpus"))).as("PostgreSQL").containsExactly(0);
    assertThat(cpus(split.value("redis-cpus"))).as("Redis").containsExactly(0);
  }

  @Test
  void bothStoresAnswerOnTheUrlsTheCommandIsGiven() {
    assertThat(split.value("postgres-answer")).isEqualTo("42");
    assertThat(split.value("postgres-directory"))
        .as("the script's own PostgreSQL, not the machine's")
        .isEqualTo(split.value("directory") + "/postgres");
    assertThat(split.value("redis-ping")).isEqualTo("PONG");
  }

  @Test
  void theScriptEndsWithTheCommandsStatus() {
    assertThat(split.status).as(split.output).isEqualTo(7);
  }

  @Test
  void afterTheScriptNeitherStoreIsAliveAndTheirDirectoryIsGone() {
    assertThat(alive(split.value("postgres-pid"))).as("PostgreSQL's postmaster alive").isFalse();
    assertThat(alive(split.value("redis-pid"))).as("Redis alive").isFalse();
    assertThat(Path.of(split.value("directory"))).doesNotExist();
  }

  @Test
  void inSharedTheCommandAndTheStoresRunOnEveryCpuThisJvmHas()
      throws IOException, InterruptedException {
    Set<Integer> every = cpus(affinity(ProcessHandle.current().pid()));
    assertThat(every).hasSizeGreaterThanOrEqualTo(2);
    assertThat(cpus(shared.value("client"))).as("the command").isEqualTo(every);
    assertThat(cpus(shared.value("postgres-cpus"))).as("PostgreSQL").isEqualTo(every);
    assertThat(cpus(shared.value("redis-cpus"))).as("Redis").isEqualTo(every);
    assertThat(Path.of(shared.value("directory"))).doesNotExist();
  }

  /**
   * One run of the script with {@link #COMMAND}, on free ports, CPUs 0 (stores) and 1 (command).
   */
  private record Run(int status, String output, Map<String, String> values) {

    static Started start(String layout) throws IOException {
      Path output = Files.createTempFile("fenced-layout-" + layout, ".txt");
      ProcessBuilder builder =
          new ProcessBuilder("bash", SCRIPT.toString(), layout, "--", "bash", "-c", COMMAND)
              .redirectErrorStream(true)
              .redirectOutput(output.toFile())
              .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
      builder.environment().put("FENCED_STORE_CPUS", "0");
      builder.environment().put("FENCED_CLIENT_CPUS", "1");
      builder.environment().put("FENCED_LAYOUT_POSTGRES_PORT", String.valueOf(freePort()));
      builder.environment().put("FENCED_LAYOUT_REDIS_PORT", String.valueOf(freePort()));
      return new Started(builder.start(), output);
    }

    /** A run under way, its output going to a file. */
    record Started(Process process, Path file) {

      Run end() throws IOException, InterruptedException {
        if (!process.waitFor(BOUND_SECONDS, TimeUnit.SECONDS)) {
          process.descendants().forEach(ProcessHandle::destroyForcibly);
          process.destroyForcibly();
        }
        String output = Files.readString(file);
        Files.delete(file);
        assertThat(process.isAlive())
            .as("the script ran longer than %d s", BOUND_SECONDS)
            .isFalse();
        Map<String, String> values = new HashMap<>();
        for (String line : output.lines().toList()) {
          int equals = line.indexOf('=');
          if (equals > 0 && line.substring(0, equals).matches("[a-z-]+")) {
            values.put(line.substring(0, equals), line.substring(equals + 1));
          }
        }
        return new Run(process.exitValue(), output, values);
      }
    }

    String value(String key) {
      assertThat(values).as(output).containsKey(key);
      return values.get(key);
    }
  }

  /** The CPUs of a list as {@code taskset -c} prints it: {@code 1}, {@code 0,1}, {@code 0-3,6}. */
  private static Set<Integer> cpus(String list) {
    Set<Integer> cpus = new TreeSet<>();
    for (String part : list.strip().split(",")) {
      String[] range = part.split("-");
      int first = Integer.parseInt(range[0]);
      int last = range.length == 1 ? first : Integer.parseInt(range[1]);
      for (int cpu = first; cpu <= last; cpu++) {
        cpus.add(cpu);
      }
    }
    return cpus;
  }

  private static String affinity(long pid) throws IOException, InterruptedException {
    Process taskset = new ProcessBuilder("taskset", "-cp", String.valueOf(pid)).start();
    String output = new String(taskset.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(taskset.waitFor(10, TimeUnit.SECONDS)).isTrue();
    return output.substring(output.lastIndexOf(':') + 1);
  }

  /** Whether a process runs (a zombie, ended but not yet reaped, does not). */
  private static boolean alive(String pid) {
    Path stat = Path.of("/proc", pid, "stat");
    try {
      String line = Files.readString(stat);
      return !line.substring(line.lastIndexOf(')') + 1).strip().startsWith("Z");
    } catch (IOException gone) {
      return false;
    }
  }

  private static boolean onPath(String program) {
    return List.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)).stream()
        .anyMatch(folder -> Files.isExecutable(Path.of(folder, program)));
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }
}
