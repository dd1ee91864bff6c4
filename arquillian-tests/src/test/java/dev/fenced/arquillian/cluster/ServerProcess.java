package dev.fenced.arquillian.cluster;

import dev.fenced.testservers.FrozenProcess;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A managed server's process, found among this JVM's descendants (Arquillian started it) by an
 * argument of its command line that no other server has, e.g. its port offset.
 */
public final class ServerProcess {

  private final ProcessHandle process;

  private ServerProcess(ProcessHandle process) {
    this.process = process;
  }

  /**
   * The one descendant Java process with {@code argument} on its command line.
   *
   * @param argument e.g. {@code -Djboss.socket.binding.port-offset=700}, or a Liberty server's name
   *     (Liberty passes JVM options in {@code JAVA_TOOL_OPTIONS}, not on the command line)
   * @return the process
   * @throws IllegalStateException when no process or more than one has it
   */
  public static ServerProcess withArgument(String argument) {
    List<ProcessHandle> matches =
        ProcessHandle.current()
            .descendants()
            .filter(
                p ->
                    p.info()
                        .arguments()
                        .map(a -> Arrays.asList(a).contains(argument))
                        .orElse(false))
            // a launcher script (Liberty's bin/server) may carry the argument too: the JVM is meant
            .filter(p -> p.info().command().map(c -> c.endsWith("/java")).orElse(false))
            .toList();
    if (matches.size() != 1) {
      throw new IllegalStateException(
          matches.size()
              + " processes started by this JVM have the argument "
              + argument
              + ": "
              + matches.stream().map(p -> p.pid() + " " + p.info().commandLine()).toList());
    }
    return new ServerProcess(matches.get(0));
  }

  /**
   * Kills the process at once (SIGKILL, as {@code kill -9}): no shutdown hook, no undeployment, no
   * lease released; waits until it is gone.
   *
   * @param timeout how long to wait for the process to end
   * @return when the kill signal was sent
   * @throws Exception when the process outlives the timeout
   */
  public Instant kill(Duration timeout) throws Exception {
    Instant killedAt = Instant.now();
    process.destroyForcibly();
    try {
      process.onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException | ExecutionException e) {
      throw new IllegalStateException("process " + process.pid() + " outlived kill -9", e);
    }
    return killedAt;
  }

  /**
   * Waits until the process ends by itself (it crashed or halted).
   *
   * @param timeout how long to wait
   * @return whether it ended within the timeout
   * @throws InterruptedException when interrupted while waiting
   */
  public boolean awaitExit(Duration timeout) throws InterruptedException {
    try {
      process.onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
      return true;
    } catch (TimeoutException e) {
      return false;
    } catch (ExecutionException e) {
      throw new IllegalStateException("cannot wait for process " + process.pid(), e);
    }
  }

  /**
   * Freezes the process with {@code SIGSTOP}: every thread stops, connections stay open, its clock
   * goes on. Thaw it by closing the result.
   *
   * @return the frozen process
   */
  public FrozenProcess freeze() {
    return FrozenProcess.freeze(process.pid());
  }

  @Override
  public String toString() {
    return "process " + process.pid();
  }
}
