package dev.fenced.testservers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.TimeUnit;

/**
 * A process of this test JVM (one it started, or a descendant of one) frozen with {@code SIGSTOP}:
 * a store that keeps its connections open and answers nothing, or a server paused past its lease (a
 * long GC pause, a stalled host). {@link #close()} thaws it with {@code SIGCONT}; use it in
 * try-with-resources so the process is never left frozen.
 */
public final class FrozenProcess implements AutoCloseable {

  private final long pid;

  private FrozenProcess(long pid) {
    this.pid = pid;
    signal("-STOP");
  }

  /**
   * Freezes {@code pid}.
   *
   * @throws IllegalArgumentException unless it is a descendant of this JVM: only a process the test
   *     started may be frozen
   */
  public static FrozenProcess freeze(long pid) {
    if (ProcessHandle.current().descendants().noneMatch(p -> p.pid() == pid)) {
      throw new IllegalArgumentException("process " + pid + " was not started by this test JVM");
    }
    return new FrozenProcess(pid);
  }

  /** Thaws the process. */
  @Override
  public void close() {
    signal("-CONT");
  }

  private void signal(String signal) {
    try {
      Process kill = new ProcessBuilder("kill", signal, Long.toString(pid)).inheritIO().start();
      if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
        throw new IllegalStateException("kill " + signal + " " + pid + " failed");
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run kill " + signal + " " + pid, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while signalling " + pid, e);
    }
  }
}
