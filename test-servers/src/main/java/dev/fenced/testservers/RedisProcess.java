package dev.fenced.testservers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;
import java.util.stream.Stream;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisClientConfig;

/**
 * One {@code redis-server} process ({@link RedisBinary}) this JVM started: on {@code 127.0.0.1}
 * only, with no persistence ({@code --save "" --appendonly no}) and {@code maxmemory-policy
 * noeviction}, a replica's first sync at once ({@code repl-diskless-sync-delay 0}), in a temporary
 * working directory of its own that holds its log ({@code redis.log}) and any file it writes
 * ({@code nodes.conf}, {@code sentinel.conf}). The start methods return once the process itself
 * answers on its port, so a test never talks to a stranger that took the port.
 *
 * <p>A test may {@link #kill()} it ({@code SIGKILL}, a crash) or {@link #freeze()} it ({@code
 * SIGSTOP}). {@link #close()} stops it and deletes its directory; a JVM shutdown hook kills every
 * process still running, so none outlives the test JVM.
 *
 * <pre>{@code
 * try (RedisProcess redis = RedisProcess.start(0, List.of())) {
 *   try (Jedis jedis = redis.connect()) {
 *     jedis.set("k", "v");
 *   }
 * }
 * }</pre>
 */
public final class RedisProcess implements AutoCloseable {

  private static final Logger LOG = Logger.getLogger(RedisProcess.class.getName());
  private static final Duration READY = Duration.ofSeconds(20);
  private static final Duration STOP = Duration.ofSeconds(3);
  private static final int PORT_ATTEMPTS = 5;
  private static final int LOG_TAIL_LINES = 30;
  private static final String LOG_FILE = "redis.log";
  private static final Set<RedisProcess> RUNNING = ConcurrentHashMap.newKeySet();

  static {
    Runtime.getRuntime()
        .addShutdownHook(new Thread(RedisProcess::killAllRunning, "fenced-redis-kill"));
  }

  private final Process process;
  private final int port;
  private final Path directory;
  private final JedisClientConfig client;

  private RedisProcess(Process process, int port, Path directory, JedisClientConfig client) {
    this.process = process;
    this.port = port;
    this.directory = directory;
    this.client = client;
  }

  /**
   * Starts a plain (not TLS) Redis server and waits until it answers.
   *
   * @param port the port, or 0 for a free one (whose cluster bus port is free too when {@code
   *     extraArgs} hold {@code --cluster-enabled yes}), chosen again when another process takes it
   *     first
   * @param extraArgs further command-line arguments, e.g. {@code List.of("--replicaof",
   *     "127.0.0.1", "6379")}
   * @return the running process
   * @throws IllegalStateException when it exits or does not answer within 20 s; the message holds
   *     the tail of its log
   */
  public static RedisProcess start(int port, List<String> extraArgs) {
    return start(port, extraArgs, DefaultJedisClientConfig.builder().build());
  }

  /**
   * Starts a Redis server that {@code client} can talk to and waits until it answers {@code
   * client}. When {@code client} {@linkplain JedisClientConfig#isSsl() uses TLS}, the server
   * listens with TLS only ({@code --port 0 --tls-port <port>}), and {@code extraArgs} must name its
   * certificate, key and CA files.
   *
   * @param port the port clients use, or 0 for a free one, as in {@link #start(int, List)}
   * @param extraArgs further command-line arguments
   * @param client how {@link #connect()} and the readiness check connect: TLS settings, a password
   * @return the running process
   * @throws IllegalStateException when it exits or does not answer within 20 s; the message holds
   *     the tail of its log
   */
  public static RedisProcess start(int port, List<String> extraArgs, JedisClientConfig client) {
    return launch(port, List.of(), List.copyOf(extraArgs), client);
  }

  /**
   * Starts a Redis Sentinel ({@code redis-server sentinel.conf --sentinel}) whose configuration
   * file, written to the process's own directory, holds {@code configLines}, and waits until it
   * answers.
   *
   * @param port the port, or 0 for a free one
   * @param configLines the lines of {@code sentinel.conf}, e.g. {@code sentinel monitor m 127.0.0.1
   *     6379 2}; Sentinel rewrites the file as it learns
   * @return the running sentinel
   * @throws IllegalStateException when it exits or does not answer within 20 s
   */
  public static RedisProcess startSentinel(int port, List<String> configLines) {
    if (configLines.isEmpty()) {
      throw new IllegalArgumentException("a sentinel needs a configuration");
    }
    return launch(
        port, List.copyOf(configLines), List.of(), DefaultJedisClientConfig.builder().build());
  }

  /**
   * The port clients use (the TLS port of a TLS server).
   *
   * @return the port
   */
  public int port() {
    return port;
  }

  /**
   * The process id, the same for its whole life.
   *
   * @return the operating system's id of the process
   */
  public long pid() {
    return process.pid();
  }

  /**
   * The address clients use.
   *
   * @return {@code 127.0.0.1} and {@link #port()}
   */
  public HostAndPort hostAndPort() {
    return new HostAndPort("127.0.0.1", port);
  }

  /**
   * A new connection to this process with the settings it was started with (TLS, if any). The
   * caller closes it.
   *
   * @return a connected client, 2 s connect and 5 s read timeout
   */
  public Jedis connect() {
    return new Jedis(
        hostAndPort(),
        DefaultJedisClientConfig.builder()
            .from(client)
            .connectionTimeoutMillis(2_000)
            .socketTimeoutMillis(5_000)
            .build());
  }

  /**
   * Kills the process with {@code SIGKILL}, as a crash would, and waits until it is gone. Its
   * directory stays until {@link #close()}.
   */
  public void kill() {
    process.destroyForcibly();
    awaitExit(Duration.ofSeconds(10));
    LOG.info(() -> "killed " + this);
  }

  /**
   * Freezes the process with {@code SIGSTOP} until the returned handle is closed.
   *
   * @return the frozen process; close it to thaw it
   */
  public FrozenProcess freeze() {
    return FrozenProcess.freeze(pid());
  }

  /**
   * Whether the process runs (a frozen one does).
   *
   * @return whether it has not exited
   */
  public boolean isAlive() {
    return process.isAlive();
  }

  /**
   * The directory the process runs in, holding {@code redis.log}.
   *
   * @return its working directory
   */
  public Path directory() {
    return directory;
  }

  /**
   * Stops the process ({@code SIGTERM}, then {@code SIGKILL} after 3 s), waits until it is gone and
   * deletes its directory (best effort). Does nothing more when called again.
   */
  @Override
  public void close() {
    if (process.isAlive()) {
      process.destroy();
      try {
        if (!process.waitFor(STOP.toMillis(), TimeUnit.MILLISECONDS)) {
          process.destroyForcibly();
        }
      } catch (InterruptedException e) {
        process.destroyForcibly();
        Thread.currentThread().interrupt();
      }
      awaitExit(Duration.ofSeconds(10));
    }
    RUNNING.remove(this);
    deleteDirectory(directory);
  }

  @Override
  public String toString() {
    return "redis-server " + pid() + " on 127.0.0.1:" + port;
  }

  /**
   * The last lines of the process's output.
   *
   * @return up to 30 lines of {@code redis.log}
   */
  public String logTail() {
    try {
      List<String> lines = Files.readAllLines(directory.resolve(LOG_FILE), StandardCharsets.UTF_8);
      return String.join(
          "\n", lines.subList(Math.max(0, lines.size() - LOG_TAIL_LINES), lines.size()));
    } catch (IOException | UncheckedIOException e) {
      return "(no log: " + e + ")";
    }
  }

  private static RedisProcess launch(
      int port, List<String> sentinelConfig, List<String> extraArgs, JedisClientConfig client) {
    if (port != 0) {
      return launchOnce(port, sentinelConfig, extraArgs, client);
    }
    boolean clusterBus = clusterEnabled(extraArgs);
    PortTaken taken = null;
    for (int attempt = 0; attempt < PORT_ATTEMPTS; attempt++) {
      int chosen = clusterBus ? LoopbackPorts.freeWithBus() : LoopbackPorts.free();
      try {
        return launchOnce(chosen, sentinelConfig, extraArgs, client);
      } catch (PortTaken e) {
        taken = e;
      }
    }
    throw taken;
  }

  private static boolean clusterEnabled(List<String> args) {
    int flag = args.indexOf("--cluster-enabled");
    return flag >= 0 && flag + 1 < args.size() && "yes".equalsIgnoreCase(args.get(flag + 1));
  }

  private static RedisProcess launchOnce(
      int port, List<String> sentinelConfig, List<String> extraArgs, JedisClientConfig client) {
    Path directory;
    try {
      directory = Files.createTempDirectory("fenced-redis-" + port + "-");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot make a directory for redis-server", e);
    }
    List<String> command = new ArrayList<>();
    command.add(RedisBinary.path().toString());
    boolean sentinel = !sentinelConfig.isEmpty();
    if (sentinel) {
      Path config = directory.resolve("sentinel.conf");
      try {
        Files.write(config, sentinelConfig, StandardCharsets.UTF_8);
      } catch (IOException e) {
        deleteDirectory(directory);
        throw new UncheckedIOException("cannot write " + config, e);
      }
      command.add(config.toString());
      command.add("--sentinel");
    }
    command.addAll(List.of("--bind", "127.0.0.1"));
    if (client.isSsl()) {
      command.addAll(List.of("--port", "0", "--tls-port", Integer.toString(port)));
    } else {
      command.addAll(List.of("--port", Integer.toString(port)));
    }
    if (!sentinel) {
      command.addAll(
          List.of("--save", "", "--appendonly", "no", "--maxmemory-policy", "noeviction"));
      // a replica's first sync starts at once, not after Redis 7's 5 s wait for more replicas
      command.addAll(List.of("--repl-diskless-sync-delay", "0"));
    }
    command.addAll(extraArgs);
    Process process;
    try {
      process =
          new ProcessBuilder(command)
              .directory(directory.toFile())
              .redirectErrorStream(true)
              .redirectOutput(directory.resolve(LOG_FILE).toFile())
              .start();
    } catch (IOException e) {
      deleteDirectory(directory);
      throw new UncheckedIOException("cannot run " + command, e);
    }
    RedisProcess redis = new RedisProcess(process, port, directory, client);
    RUNNING.add(redis);
    try {
      redis.awaitReady();
    } catch (RuntimeException e) {
      redis.close();
      throw e;
    }
    LOG.fine(() -> "started " + redis + ": " + command);
    return redis;
  }

  /** Waits until this very process answers: {@code INFO server} names its pid. */
  private void awaitReady() {
    long deadline = System.nanoTime() + READY.toNanos();
    while (true) {
      if (answers()) {
        return;
      }
      if (!process.isAlive()) {
        String tail = logTail();
        String message =
            "redis-server on port " + port + " exited with " + process.exitValue() + ":\n" + tail;
        throw tail.contains("Address already in use")
            ? new PortTaken(message)
            : new IllegalStateException(message);
      }
      if (System.nanoTime() - deadline > 0) {
        throw new IllegalStateException(
            this + " did not answer within " + READY.toSeconds() + " s:\n" + logTail());
      }
      Await.pause(20);
    }
  }

  private boolean answers() {
    JedisClientConfig probe =
        DefaultJedisClientConfig.builder()
            .from(client)
            .connectionTimeoutMillis(500)
            .socketTimeoutMillis(2_000)
            .build();
    try (Jedis jedis = new Jedis(hostAndPort(), probe)) {
      return RedisInfo.has(jedis.info("server"), "process_id", Long.toString(pid()));
    } catch (RuntimeException e) {
      return false;
    }
  }

  private void awaitExit(Duration within) {
    try {
      if (!process.waitFor(within.toMillis(), TimeUnit.MILLISECONDS)) {
        throw new IllegalStateException(this + " did not exit within " + within.toSeconds() + " s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for " + this + " to exit", e);
    }
  }

  /** The shutdown hook: kills every process still running and deletes its directory. */
  private static void killAllRunning() {
    RUNNING.forEach(redis -> redis.process.destroyForcibly());
    for (RedisProcess redis : RUNNING) {
      try {
        redis.process.waitFor(2, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      deleteDirectory(redis.directory);
    }
  }

  private static void deleteDirectory(Path directory) {
    try (Stream<Path> paths = Files.walk(directory)) {
      paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    } catch (IOException | UncheckedIOException e) {
      LOG.fine(() -> "could not delete " + directory + ": " + e);
    }
  }

  /** The process lost its port to another process between choosing it and binding it. */
  private static final class PortTaken extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    PortTaken(String message) {
      super(message);
    }
  }
}
