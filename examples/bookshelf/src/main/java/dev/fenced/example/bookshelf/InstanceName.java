package dev.fenced.example.bookshelf;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The name this instance shows in the admin answers: {@code bookshelf.instance}, else the host name
 * and WildFly's HTTP port (8080 plus the port offset), so two local instances differ.
 */
@ApplicationScoped
public class InstanceName {

  @Inject
  @ConfigProperty(name = "bookshelf.instance")
  Optional<String> configured;

  private String name;

  @PostConstruct
  void resolve() {
    name = configured.filter(value -> !value.isBlank()).orElseGet(InstanceName::hostAndPort);
  }

  /**
   * The instance's name.
   *
   * @return e.g. {@code devbox:8080}
   */
  public String get() {
    return name;
  }

  private static String hostAndPort() {
    int port =
        Integer.getInteger("jboss.http.port", 8080)
            + Integer.getInteger("jboss.socket.binding.port-offset", 0);
    return host() + ":" + port;
  }

  private static String host() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      return "localhost";
    }
  }
}
