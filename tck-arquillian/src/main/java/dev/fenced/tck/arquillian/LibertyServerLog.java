package dev.fenced.tck.arquillian;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.jboss.arquillian.container.spi.client.container.DeployableContainer;
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
 * exception, which then goes on unchanged. An application whose start failed without {@code
 * CWWKZ0002E}, which the adapter would wait for until its timeout, is given up at once ({@link
 * LibertyNotStartedWatch}).
 *
 * <p>It acts only when the deployment goes to Open Liberty's managed adapter ({@value
 * #LIBERTY_ADAPTERS}*), and finds the log from that container's {@code wlpHome} and {@code
 * serverName} in {@code arquillian.xml}: {@code <wlpHome>/usr/servers/<serverName>/logs}.
 */
public final class LibertyServerLog {

  /** The package of Open Liberty's Arquillian adapters. */
  static final String LIBERTY_ADAPTERS = "io.openliberty.arquillian.";

  /** The most of the log one failure carries. */
  private static final int MAX_CHARS = 256 * 1024;

  /**
   * Observer method: wraps each deployment.
   *
   * @param deploy the deployment event
   * @throws Exception the adapter's failure, with the server's log text added
   */
  public void attachLog(@Observes EventContext<DeployDeployment> deploy) throws Exception {
    DeployDeployment event = deploy.getEvent();
    if (!isLiberty(event.getDeployableContainer())) {
      deploy.proceed();
      return;
    }
    Path log =
        messagesLog(event.getContainer().getContainerConfiguration().getContainerProperties());
    long start = size(log);
    LibertyNotStartedWatch watch = LibertyNotStartedWatch.start(log, start, applicationName(event));
    try {
      deploy.proceed();
    } catch (Exception e) { // the adapter's DeploymentException is checked and thrown undeclared
      // Arquillian wraps an observer's failure; the test sees the wrapped cause
      Throwable failure =
          e instanceof InvocationException && e.getCause() != null ? e.getCause() : e;
      failure.addSuppressed(new LoggedByServer(log, excerpt(log, start)));
      throw e;
    } finally {
      watch.close();
    }
  }

  /** The name Liberty gives the deployed archive: its file name without the extension. */
  private static String applicationName(DeployDeployment event) {
    String archive = event.getDeployment().getDescription().getArchive().getName();
    int dot = archive.lastIndexOf('.');
    return dot < 0 ? archive : archive.substring(0, dot);
  }

  private static boolean isLiberty(DeployableContainer<?> container) {
    return container != null && container.getClass().getName().startsWith(LIBERTY_ADAPTERS);
  }

  /** The server's log, from the container's configuration as {@code arquillian.xml} gives it. */
  static Path messagesLog(Map<String, String> container) {
    return Path.of(
        container.getOrDefault("wlpHome", "."),
        "usr",
        "servers",
        container.getOrDefault("serverName", "defaultServer"),
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
