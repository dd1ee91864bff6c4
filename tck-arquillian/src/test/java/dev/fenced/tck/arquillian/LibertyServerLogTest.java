package dev.fenced.tck.arquillian;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Finds Open Liberty's log from the container's configuration in {@code arquillian.xml}. */
class LibertyServerLogTest {

  @Test
  void the_log_is_messages_log_of_the_configured_server_under_the_configured_runtime() {
    Path log =
        LibertyServerLog.messagesLog(Map.of("wlpHome", "/opt/wlp", "serverName", "tck-server"));

    assertThat(log).isEqualTo(Path.of("/opt/wlp/usr/servers/tck-server/logs/messages.log"));
  }

  @Test
  void a_container_without_a_server_name_uses_liberty_s_default_server() {
    Path log = LibertyServerLog.messagesLog(Map.of("wlpHome", "/opt/wlp"));

    assertThat(log).isEqualTo(Path.of("/opt/wlp/usr/servers/defaultServer/logs/messages.log"));
  }
}
