package dev.fenced.tck.arquillian;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Ends the wait for an application that Open Liberty will never start.
 *
 * <p>Liberty's managed adapter waits for a deployed application to reach {@code STARTED}, and gives
 * up early only when the server logged {@code CWWKZ0002E} for it. An application whose start fails
 * in a servlet context listener (a CDI {@code @Initialized(ApplicationScoped.class)} observer that
 * throws, such as Fenced's store set-up check) is logged with {@code CWWKZ0012I} ("was not
 * started") instead, and the adapter waits its whole {@code appDeployTimeout}. This watch reads the
 * server's {@code messages.log} from where it ended before the deployment, every {@value
 * #EVERY_MILLIS} ms, and interrupts the deploying thread at the first {@code CWWKZ0012I} line that
 * names the application: the adapter then fails the deployment at once, as it would after the
 * timeout.
 */
final class LibertyNotStartedWatch implements AutoCloseable {

  /** Liberty's message for an application whose start failed and that stays stopped. */
  static final String NOT_STARTED = "CWWKZ0012I";

  private static final long EVERY_MILLIS = 200;

  private final Path log;
  private final String application;
  private final Thread deploying;
  private final ScheduledExecutorService reader;
  private long read;
  private boolean interrupted; // guarded by this
  private boolean closed; // guarded by this

  private LibertyNotStartedWatch(Path log, long from, String application, Thread deploying) {
    this.log = log;
    this.read = from;
    this.application = application;
    this.deploying = deploying;
    this.reader =
        Executors.newSingleThreadScheduledExecutor(
            task -> {
              Thread thread = new Thread(task, "fenced-liberty-not-started-watch");
              thread.setDaemon(true);
              return thread;
            });
  }

  /**
   * Starts watching for the calling thread's deployment.
   *
   * @param log the server's {@code messages.log}
   * @param from its length before the deployment
   * @param application the application's name (the archive's name without its extension)
   * @return the watch, to close when the deployment has ended
   */
  static LibertyNotStartedWatch start(Path log, long from, String application) {
    LibertyNotStartedWatch watch =
        new LibertyNotStartedWatch(log, from, application, Thread.currentThread());
    watch.reader.scheduleWithFixedDelay(
        watch::readOn, EVERY_MILLIS, EVERY_MILLIS, TimeUnit.MILLISECONDS);
    return watch;
  }

  /**
   * Whether {@code line} says that {@code application} was not started.
   *
   * @param line a line of {@code messages.log}
   * @param application the application's name
   * @return true for its {@code CWWKZ0012I} line
   */
  static boolean saysNotStarted(String line, String application) {
    return line.contains(NOT_STARTED) && line.contains(" " + application + " ");
  }

  private void readOn() {
    try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "r")) {
      long length = file.length();
      if (length < read) {
        read = 0; // rolled over: the new file holds what came since
      }
      byte[] bytes = new byte[(int) (length - read)];
      file.seek(read);
      file.readFully(bytes);
      int complete = bytes.length;
      while (complete > 0 && bytes[complete - 1] != '\n') {
        complete--; // a line still being written is read the next time
      }
      read += complete;
      for (String line : new String(bytes, 0, complete, StandardCharsets.UTF_8).split("\n")) {
        if (saysNotStarted(line, application)) {
          interruptDeploying();
          reader.shutdown();
          return;
        }
      }
    } catch (IOException e) {
      // no log yet, or it is being rolled over: the next read tries again
    }
  }

  private synchronized void interruptDeploying() {
    if (!closed && !interrupted) {
      interrupted = true;
      deploying.interrupt();
    }
  }

  /**
   * Stops watching. When the watch interrupted the deploying thread (the caller), clears its
   * interrupt, which the adapter has turned into its failure; none comes after this returns.
   */
  @Override
  public synchronized void close() {
    closed = true;
    reader.shutdownNow();
    if (interrupted) {
      Thread.interrupted();
    }
  }
}
