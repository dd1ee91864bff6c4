package dev.fenced.example.bookshelf;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.logging.Logger;

/**
 * Logs, once the demo is deployed, where it listens and a few {@code curl} lines to try ({@value
 * #TEXT}). Demo only: an application has no need of it.
 */
@ApplicationScoped
public class Welcome {

  static final String TEXT = "META-INF/bookshelf/welcome.txt";

  private static final Logger LOG = Logger.getLogger(Welcome.class.getName());

  @Inject InstanceName instance;

  void greet(@Observes @Initialized(ApplicationScoped.class) Object started) {
    int port =
        Integer.getInteger("jboss.http.port", 8080)
            + Integer.getInteger("jboss.socket.binding.port-offset", 0);
    LOG.info(
        text()
            .replace("{api}", "http://localhost:" + port + "/bookshelf/api")
            .replace("{graphql}", "http://localhost:" + port + "/bookshelf/graphql")
            .replace("{instance}", instance.get()));
  }

  private static String text() {
    try (InputStream in = Welcome.class.getClassLoader().getResourceAsStream(TEXT)) {
      return in == null
          ? "Bookshelf is up."
          : new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "Bookshelf is up.";
    }
  }
}
