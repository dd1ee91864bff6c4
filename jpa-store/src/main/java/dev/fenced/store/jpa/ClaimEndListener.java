package dev.fenced.store.jpa;

import dev.fenced.idempotency.spi.ClaimEndSignals.ClaimWatch;
import dev.fenced.store.spi.StoreUnavailableException;
import dev.fenced.store.support.ClaimWatches;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;

/**
 * One store's {@code LISTEN} on the channel where the statements that end a claim signal it ({@link
 * PostgresStatements#claimEndChannel}): one connection of its own and one daemon thread, {@value
 * #THREAD}, started by the first watch and stopped by {@link #close}. Each notification's payload,
 * a key hash, wakes the watches of that key in this process.
 *
 * <p>When the connection breaks the thread opens another, after a pause that doubles from {@value
 * #FIRST_PAUSE_MILLIS} ms to {@value #LAST_PAUSE_MILLIS} ms; meanwhile {@link #watch} throws {@link
 * StoreUnavailableException} at once, and once it listens again every watch is woken, since a
 * signal may have been lost. A connection that says nothing is checked every {@value
 * #CHECK_EVERY_MILLIS} ms ({@link Connection#isValid}), so one cut off without a word (a network
 * partition) is found too.
 */
final class ClaimEndListener implements AutoCloseable {

  /** The listening thread's name. */
  static final String THREAD = "fenced-jpa-claim-end-listener";

  static final long FIRST_PAUSE_MILLIS = 50;
  static final long LAST_PAUSE_MILLIS = 5_000;
  static final int CHECK_EVERY_MILLIS = 5_000;

  /**
   * How long one wait for notifications lasts, so that a close, and a signal to send ({@link
   * #signal}), are seen soon.
   */
  private static final int WAIT_MILLIS = 200;

  private static final System.Logger LOG = System.getLogger("dev.fenced.idempotency");

  /** Where the listening connection comes from. */
  @FunctionalInterface
  interface Connections {
    /**
     * A new connection, which the listener closes.
     *
     * @return the connection
     * @throws SQLException when none can be had
     */
    Connection open() throws SQLException;
  }

  private enum State {
    NOT_STARTED,
    CONNECTING,
    LISTENING,
    DOWN,
    CLOSED
  }

  private final Connections connections;
  private final String unavailable;
  private final String channel;
  private final long timeoutMillis;
  private final ClaimWatches watches = new ClaimWatches();
  private final Queue<String> toSignal = new ConcurrentLinkedQueue<>();
  private final Object lock = new Object();
  private State state = State.NOT_STARTED;
  private Thread thread;
  private int pid;
  private Exception lastFailure;

  /**
   * @param connections where the listening connection comes from
   * @param channel the channel, a plain identifier
   * @param timeoutMillis how long a watch waits for the first connection, and how long a check of
   *     the connection may take: the store's query timeout
   */
  ClaimEndListener(Connections connections, String channel, long timeoutMillis) {
    this(connections, null, channel, timeoutMillis);
  }

  private ClaimEndListener(
      Connections connections, String unavailable, String channel, long timeoutMillis) {
    this.connections = connections;
    this.unavailable = unavailable;
    this.channel =
        PostgresIdentifier.check(
            "channel", channel, PostgresIdentifier.MAX_LENGTH, "a plain PostgreSQL identifier");
    this.timeoutMillis = timeoutMillis;
  }

  /**
   * A listener that never listens: every {@link #watch} throws {@link StoreUnavailableException}
   * with {@code why}.
   *
   * @param why what the store lacks to listen, and what to do about it
   * @param channel the channel it would listen on
   */
  static ClaimEndListener none(String why, String channel) {
    return new ClaimEndListener(null, why, channel, 1);
  }

  /**
   * Registers {@code wakeUp} for the end of the claim on {@code keyHash}, once the channel is
   * listened to; starts listening first if nothing does yet, waiting for it up to the timeout.
   *
   * @throws StoreUnavailableException when the listening connection is down, or could not be opened
   *     in time
   */
  ClaimWatch watch(String keyHash, Runnable wakeUp) {
    if (unavailable != null) {
      throw new StoreUnavailableException(unavailable);
    }
    ClaimWatch watch = watches.add(keyHash, wakeUp);
    try {
      awaitListening();
    } catch (RuntimeException e) {
      watch.close();
      throw e;
    }
    return watch;
  }

  /**
   * Sends the signal of the end of the claim on {@code keyHash} from the listening connection, soon
   * (within {@value #WAIT_MILLIS} ms), starting to listen first if nothing does yet; never blocks.
   * A signal is dropped while the connection is down, as any signal may be.
   */
  void signal(String keyHash) {
    if (unavailable != null) {
      return;
    }
    synchronized (lock) {
      if (state == State.CLOSED || state == State.DOWN) {
        return;
      }
      start();
    }
    toSignal.add(keyHash);
  }

  /** Whether the channel is being listened to now. */
  boolean listening() {
    synchronized (lock) {
      return state == State.LISTENING;
    }
  }

  /**
   * The server process of the listening connection, for tests that end it from the server's side.
   *
   * @return its pid, or 0 while not listening
   */
  int listeningPid() {
    synchronized (lock) {
      return state == State.LISTENING ? pid : 0;
    }
  }

  /** Whether the listening thread runs, for tests. */
  boolean threadAlive() {
    synchronized (lock) {
      return thread != null && thread.isAlive();
    }
  }

  /** Stops listening and closes the connection; no wake-up runs after it returns. */
  @Override
  public void close() {
    Thread stopped;
    synchronized (lock) {
      state = State.CLOSED;
      stopped = thread;
      lock.notifyAll();
    }
    watches.closeAll();
    if (stopped != null && stopped != Thread.currentThread()) {
      try {
        stopped.join(timeoutMillis + WAIT_MILLIS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private void awaitListening() {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    synchronized (lock) {
      start();
      while (state == State.CONNECTING) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          break;
        }
        try {
          TimeUnit.NANOSECONDS.timedWait(lock, left);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new StoreUnavailableException(
              "PostgreSQL store: interrupted while waiting to LISTEN on " + channel, e);
        }
      }
      if (state != State.LISTENING) {
        Exception cause = lastFailure;
        throw new StoreUnavailableException(
            "PostgreSQL store: not listening on "
                + channel
                + " ("
                + state.name().toLowerCase(Locale.ROOT)
                + (state == State.CONNECTING
                    ? ", not within " + StoreSettings.QUERY_TIMEOUT + " = " + timeoutMillis + " ms"
                    : "")
                + (cause == null ? "" : ", after " + cause)
                + "): waiting duplicates poll the store until it listens again",
            cause);
      }
    }
  }

  /** Starts the listening thread, if not yet; holding the lock. */
  private void start() {
    if (state == State.NOT_STARTED) {
      state = State.CONNECTING;
      thread = new Thread(this::listen, THREAD);
      thread.setDaemon(true);
      thread.start();
    }
  }

  private void listen() {
    long pause = FIRST_PAUSE_MILLIS;
    while (!closed()) {
      try (Connection listening = connections.open()) {
        PgNotifications notifications = subscribe(listening);
        pause = FIRST_PAUSE_MILLIS;
        receive(listening, notifications);
        unlisten(listening);
        return;
      } catch (SQLException | RuntimeException e) {
        if (closed()) {
          return;
        }
        LOG.log(
            System.Logger.Level.DEBUG,
            () -> "PostgreSQL store: LISTEN on " + channel + " lost, trying again: " + e);
        down(e);
      }
      if (!pauseBeforeReconnecting(pause)) {
        return;
      }
      pause = Math.min(2 * pause, LAST_PAUSE_MILLIS);
    }
  }

  /** A pool's connection goes back to the pool: it must not listen there. */
  private void unlisten(Connection listening) throws SQLException {
    try (Statement statement = listening.createStatement()) {
      statement.setQueryTimeout(timeoutSeconds());
      statement.execute("UNLISTEN *");
    }
  }

  private PgNotifications subscribe(Connection listening) throws SQLException {
    listening.setAutoCommit(true);
    PgNotifications notifications = PgNotifications.of(listening);
    int listeningPid;
    try (Statement statement = listening.createStatement()) {
      statement.setQueryTimeout(timeoutSeconds());
      statement.execute("LISTEN " + channel);
      try (ResultSet row = statement.executeQuery("SELECT pg_backend_pid()")) {
        row.next();
        listeningPid = row.getInt(1);
      }
    }
    boolean again;
    synchronized (lock) {
      if (state == State.CLOSED) {
        return notifications;
      }
      again = state == State.DOWN;
      pid = listeningPid;
      state = State.LISTENING;
      lock.notifyAll();
    }
    if (again) {
      // a claim may have ended while nobody listened: every watch looks again
      watches.wakeUpAll();
    }
    return notifications;
  }

  private void receive(Connection listening, PgNotifications notifications) throws SQLException {
    long lastHeard = System.nanoTime();
    while (!closed()) {
      sendSignals(listening);
      List<String> hashes = notifications.await(WAIT_MILLIS);
      if (!hashes.isEmpty()) {
        lastHeard = System.nanoTime();
        hashes.forEach(watches::wakeUp);
      } else if (System.nanoTime() - lastHeard
          > TimeUnit.MILLISECONDS.toNanos(CHECK_EVERY_MILLIS)) {
        if (!listening.isValid(timeoutSeconds())) {
          throw new SQLException("the listening connection stopped answering");
        }
        lastHeard = System.nanoTime();
      }
    }
  }

  private void sendSignals(Connection listening) throws SQLException {
    String keyHash = toSignal.poll();
    if (keyHash == null) {
      return;
    }
    try (PreparedStatement notify = listening.prepareStatement("SELECT pg_notify(?, ?)")) {
      notify.setQueryTimeout(timeoutSeconds());
      for (; keyHash != null; keyHash = toSignal.poll()) {
        notify.setString(1, channel);
        notify.setString(2, keyHash);
        notify.execute();
      }
    }
  }

  private int timeoutSeconds() {
    return (int) Math.max(1, (timeoutMillis + 999) / 1000);
  }

  private void down(Exception failure) {
    synchronized (lock) {
      pid = 0;
      lastFailure = failure;
      toSignal.clear();
      if (state != State.CLOSED) {
        state = State.DOWN;
        lock.notifyAll();
      }
    }
  }

  private boolean closed() {
    synchronized (lock) {
      return state == State.CLOSED;
    }
  }

  /** Waits {@code millis} unless closed meanwhile; whether to try again. */
  private boolean pauseBeforeReconnecting(long millis) {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
    synchronized (lock) {
      while (state != State.CLOSED) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          return true;
        }
        try {
          TimeUnit.NANOSECONDS.timedWait(lock, left);
        } catch (InterruptedException e) {
          return state != State.CLOSED;
        }
      }
      return false;
    }
  }
}
