package dev.fenced.arquillian.harness;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jboss.arquillian.container.spi.event.DeployDeployment;
import org.jboss.arquillian.core.api.annotation.Observes;
import org.jboss.arquillian.core.spi.EventContext;
import org.jboss.arquillian.core.spi.InvocationException;

/**
 * Gives a failed deployment on Open Liberty the server's own error text.
 *
 * <p>Liberty's managed adapter rebuilds a failed deployment's cause from the first line of each
 * logged exception, so a CDI definition error arrives as Weld's "Exception List with 1 exceptions:"
 * without the list: the TCK's {@code DeploymentFailure} would not find the option or method Fenced
 * named. The server's {@code messages.log} has the whole text ({@code CWWKZ0002E} with every line
 * of the message). This observer notes where the log ends before each deployment and, when the
 * deployment fails, adds what the server logged since as a suppressed exception of the adapter's
 * exception, which then goes on unchanged. Registered on Liberty only.
 */
public final class LibertyServerLog {

  /** The most of the log one failure carries. */
  private static final int MAX_CHARS = 256 * 1024;

  /**
   * Observer method: wraps each deployment.
   *
   * @param deploy the deployment event
   * @throws Exception the adapter's failure, with the server's log text added
   */
  public void attachLog(@Observes EventContext<DeployDeployment> deploy) throws Exception {
    Path log = messagesLog();
    long start = size(log);
    try {
      deploy.proceed();
    } catch (Exception e) { // the adapter's DeploymentException is checked and thrown undeclared
      // Arquillian wraps an observer's failure; the test sees the wrapped cause
      Throwable failure =
          e instanceof InvocationException && e.getCause() != null ? e.getCause() : e;
      failure.addSuppressed(new LoggedByServer(log, excerpt(log, start)));
      throw e;
    }
  }

  private static Path messagesLog() {
    return Path.of(
        System.getProperty("wlp.home", "."),
        "usr",
        "servers",
        System.getProperty("liberty.server.name", "defaultServer"),
        "logs",
        "messages.log");
  }

  private static long size(Path log) {
    try {
      return Files.exists(log) ? Files.size(log) : 0;
    } catch (IOException e) {
      return 0;
    }
  }

  private static String excerpt(Path log, long start) {
    try (RandomAccessFile file = new RandomAccessFile(log.toFile(), "r")) {
      long from = file.length() < start ? 0 : start; // rolled over: read the new file
      from = Math.max(from, file.length() - MAX_CHARS);
      byte[] bytes = new byte[(int) (file.length() - from)];
      file.seek(from);
      file.readFully(bytes);
      return new String(bytes, StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "(cannot read " + log + ": " + e + ")";
    }
  }

  /** What the server logged while the deployment failed. */
  static final class LoggedByServer extends Exception {

    private static final long serialVersionUID = 1L;

    LoggedByServer(Path log, String text) {
      super(log + " during the deployment:\n" + text, null, false, false);
    }
  }
}
