package dev.fenced.example.mariadb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The bean's settings as MicroProfile Config gives them: defaults, and refusals naming the key. */
class MariaDbSettingsTest {

  private static final String URL = "jdbc:mariadb://db:3306/app";

  @Test
  void only_the_url_is_required_and_the_rest_has_defaults() {
    MariaDbSettings settings =
        MariaDbSettings.read(TestConfig.of(Map.of(MariaDbSettings.URL, URL)));

    assertThat(settings)
        .isEqualTo(new MariaDbSettings(URL, null, null, 8, Duration.ofMillis(5000)));
  }

  @Test
  void every_setting_is_read() {
    MariaDbSettings settings =
        MariaDbSettings.read(
            TestConfig.of(
                Map.of(
                    MariaDbSettings.URL, " " + URL + " ",
                    MariaDbSettings.USER, "fenced",
                    MariaDbSettings.PASSWORD, "secret",
                    MariaDbSettings.POOL_SIZE, "16",
                    MariaDbSettings.TIMEOUT, "2s")));

    assertThat(settings)
        .isEqualTo(new MariaDbSettings(URL, "fenced", "secret", 16, Duration.ofSeconds(2)));
  }

  @Test
  void the_timeout_bounds_connecting_and_reading_in_the_driver_url() {
    MariaDbSettings settings = MariaDbSettings.of(URL + "?sslMode=verify-full");

    assertThat(settings.withTimeout(Duration.ofMillis(1500)).driverUrl())
        .isEqualTo(URL + "?sslMode=verify-full&connectTimeout=1500&socketTimeout=1500");
  }

  @Test
  void a_missing_url_is_refused_naming_the_key() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> MariaDbSettings.read(TestConfig.of(Map.of())))
        .withMessageStartingWith("FENCED-D401: fenced.mariadb.url= is not set");
  }

  @Test
  void a_url_of_another_driver_is_refused_naming_the_key() {
    assertThatIllegalArgumentException()
        .isThrownBy(
            () ->
                MariaDbSettings.read(
                    TestConfig.of(Map.of(MariaDbSettings.URL, "jdbc:mysql://db:3306/app"))))
        .withMessageStartingWith(
            "FENCED-D401: fenced.mariadb.url=jdbc:mysql://db:3306/app is not a MariaDB"
                + " Connector/J URL");
  }

  @Test
  void a_password_in_a_refused_url_is_not_shown() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> MariaDbSettings.of("jdbc:mysql://db/app?user=u&password=hunter2&x=1"))
        .withMessageContaining("password=***&x=1")
        .withMessageNotContaining("hunter2");
    assertThat(new MariaDbSettings(URL, "u", "hunter2", 1, Duration.ofSeconds(1)).toString())
        .doesNotContain("hunter2");
  }

  @Test
  void a_pool_size_out_of_range_is_refused_naming_the_key_and_the_range() {
    for (String size : new String[] {"0", "-1", "1001", "eight"}) {
      assertThatIllegalArgumentException()
          .as("pool size %s", size)
          .isThrownBy(
              () ->
                  MariaDbSettings.read(
                      TestConfig.of(
                          Map.of(MariaDbSettings.URL, URL, MariaDbSettings.POOL_SIZE, size))))
          .withMessage(
              "FENCED-D401: fenced.mariadb.pool-size="
                  + size
                  + " is not a number of connections from 1 to 1000");
    }
  }

  @Test
  void a_timeout_out_of_range_is_refused_naming_the_key_and_the_range() {
    for (String timeout : new String[] {"0", "0ms", "11m", "600001", "-5", "soon"}) {
      assertThatIllegalArgumentException()
          .as("timeout %s", timeout)
          .isThrownBy(
              () ->
                  MariaDbSettings.read(
                      TestConfig.of(
                          Map.of(MariaDbSettings.URL, URL, MariaDbSettings.TIMEOUT, timeout))))
          .withMessageStartingWith(
              "FENCED-D401: fenced.mariadb.timeout="
                  + timeout
                  + " is not a duration from 1 ms to 600000 ms");
    }
  }
}
