package dev.fenced.store.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.HostAndPort;

/** {@code fenced.redis.*} read from MicroProfile Config: every topology, TLS, and bad values. */
class RedisSettingsTest {

  @Test
  void one_host_is_a_single_server_with_the_defaults() {
    RedisSettings settings = read(RedisSettings.URL, "redis://h:1");

    assertThat(settings.topology()).isEqualTo(RedisTopology.STANDALONE);
    assertThat(settings.address())
        .isEqualTo(new RedisAddress(false, List.of(new HostAndPort("h", 1)), null, null, 0));
    assertThat(settings.keyPrefix()).isEqualTo("fenced:");
    assertThat(settings.timeoutMillis()).isEqualTo(2000);
    assertThat(List.of(settings.maxTotal(), settings.maxIdle(), settings.minIdle()))
        .containsExactly(16, 16, 0);
    assertThat(settings.maxWaitMillis()).isEqualTo(2000);
    assertThat(settings.tls()).isEqualTo(RedisTls.DEFAULT);
  }

  @Test
  void durations_are_read_in_the_one_notation_iso_8601_included() {
    RedisSettings settings =
        read(
            RedisSettings.URL,
            "redis://h:1",
            RedisSettings.TIMEOUT,
            "PT0.75S",
            "fenced.redis.pool.max-wait",
            "PT3S");

    assertThat(settings.timeoutMillis()).isEqualTo(750);
    assertThat(settings.maxWaitMillis()).isEqualTo(3000);
  }

  @Test
  void a_duration_without_a_unit_is_refused_naming_the_key() {
    assertThatThrownBy(() -> read(RedisSettings.URL, "redis://h:1", RedisSettings.TIMEOUT, "500"))
        .hasMessageStartingWith("FENCED-D401: fenced.redis.timeout=500 is not a positive duration");
  }

  @Test
  void durations_counts_credentials_and_the_database_are_read() {
    RedisSettings settings =
        read(
            RedisSettings.URL,
            " redis://u:p%40ss@h:2/3 ",
            RedisSettings.PREFIX,
            "orders:",
            RedisSettings.TIMEOUT,
            "500ms",
            "fenced.redis.pool.max-total",
            "64",
            "fenced.redis.pool.max-idle",
            "8",
            "fenced.redis.pool.min-idle",
            "2",
            "fenced.redis.pool.max-wait",
            "3s");

    assertThat(settings.user()).isEqualTo("u");
    assertThat(settings.password()).isEqualTo("p@ss");
    assertThat(settings.address().database()).isEqualTo(3);
    assertThat(settings.keyPrefix()).isEqualTo("orders:");
    assertThat(settings.timeoutMillis()).isEqualTo(500);
    assertThat(List.of(settings.maxTotal(), settings.maxIdle(), settings.minIdle()))
        .containsExactly(64, 8, 2);
    assertThat(settings.maxWaitMillis()).isEqualTo(3000);
  }

  @Test
  void a_password_alone_in_the_url_is_the_password() {
    RedisSettings settings = read(RedisSettings.URL, "redis://secret@h:1");

    assertThat(settings.user()).isNull();
    assertThat(settings.password()).isEqualTo("secret");
  }

  @Test
  void user_and_password_keys_win_over_the_urls_and_keep_their_spaces() {
    RedisSettings settings =
        read(
            RedisSettings.URL, "redis://u:p@h:1",
            RedisSettings.USER, "fenced",
            RedisSettings.PASSWORD, " from a vault ");

    assertThat(settings.user()).isEqualTo("fenced");
    assertThat(settings.password()).isEqualTo(" from a vault ");
  }

  @Test
  void several_hosts_are_the_seed_nodes_of_a_cluster() {
    RedisSettings settings = read(RedisSettings.URL, "redis://a:7000, b ,[::1]:7002");

    assertThat(settings.topology()).isEqualTo(RedisTopology.CLUSTER);
    assertThat(settings.address().nodes())
        .containsExactly(
            new HostAndPort("a", 7000), new HostAndPort("b", 6379), new HostAndPort("::1", 7002));
  }

  @Test
  void one_host_may_be_a_clusters_seed_when_the_topology_says_so() {
    RedisSettings settings =
        read(RedisSettings.URL, "redis://a:7000", RedisSettings.TOPOLOGY, "Cluster");

    assertThat(settings.topology()).isEqualTo(RedisTopology.CLUSTER);
  }

  @Test
  void a_sentinel_master_name_makes_the_hosts_sentinels() {
    RedisSettings settings =
        read(
            RedisSettings.URL, "rediss://app:pw@s1:26379,s2:26379/2",
            RedisSettings.SENTINEL_MASTER, "orders",
            RedisSettings.SENTINEL_USER, "watcher",
            RedisSettings.SENTINEL_PASSWORD, "spw");

    assertThat(settings.topology()).isEqualTo(RedisTopology.SENTINEL);
    assertThat(settings.sentinelMaster()).isEqualTo("orders");
    assertThat(settings.address().nodes()).hasSize(2);
    assertThat(settings.address().database()).isEqualTo(2);
    assertThat(settings.address().tls()).isTrue();
    assertThat(List.of(settings.user(), settings.password())).containsExactly("app", "pw");
    assertThat(List.of(settings.sentinelUser(), settings.sentinelPassword()))
        .containsExactly("watcher", "spw");
  }

  @Test
  void tls_settings_name_a_trust_store_and_how_much_to_verify(@TempDir Path dir) throws Exception {
    Path store = Files.writeString(dir.resolve("trust.p12"), "not read here");

    RedisSettings settings =
        read(
            RedisSettings.URL, "rediss://h:6380",
            RedisTls.TRUST_STORE, store.toString(),
            RedisTls.TRUST_STORE_PASSWORD, "changeit",
            RedisTls.VERIFY, "CA");

    assertThat(settings.tls()).isEqualTo(new RedisTls(store, "changeit", "PKCS12", false));
  }

  @Test
  void a_missing_url_names_the_key_and_the_alternative() {
    assertThatThrownBy(() -> RedisSettings.read(key -> null))
        .hasMessageContaining("FENCED-D403: fenced.redis.url")
        .hasMessageContaining("@FencedRedis");
  }

  @Test
  void a_bad_url_names_the_key_and_masks_the_password() {
    for (String url :
        List.of(
            "http://u:secret@h:1",
            "redis://u:secret@h:99999",
            "redis://u:secret@h:1/x",
            "redis://u:secret@:1",
            "redis://u:secret@h:one")) {
      assertThatThrownBy(() -> read(RedisSettings.URL, url))
          .as(url)
          .hasMessageContaining("FENCED-D401: fenced.redis.url=")
          .hasMessageContaining("u:****@")
          .message()
          .doesNotContain("secret");
    }
  }

  @Test
  void several_hosts_with_a_standalone_topology_are_refused() {
    assertThatThrownBy(
            () -> read(RedisSettings.URL, "redis://a:1,b:2", RedisSettings.TOPOLOGY, "standalone"))
        .hasMessageContaining("FENCED-D401: fenced.redis.url=redis://a:1,b:2")
        .hasMessageContaining("fenced.redis.topology=cluster or sentinel");
  }

  @Test
  void a_cluster_url_with_a_database_is_refused() {
    assertThatThrownBy(() -> read(RedisSettings.URL, "redis://a:1,b:2/1"))
        .hasMessageContaining("FENCED-D401")
        .hasMessageContaining("database 0");
  }

  @Test
  void a_sentinel_topology_without_a_master_name_is_refused() {
    assertThatThrownBy(
            () -> read(RedisSettings.URL, "redis://s1:26379", RedisSettings.TOPOLOGY, "sentinel"))
        .hasMessageContaining("FENCED-D405: fenced.redis.topology=sentinel needs")
        .hasMessageContaining("fenced.redis.sentinel.master");
  }

  @Test
  void an_unknown_topology_is_refused() {
    assertThatThrownBy(() -> read(RedisSettings.URL, "redis://h:1", RedisSettings.TOPOLOGY, "ring"))
        .hasMessageContaining("FENCED-D401: fenced.redis.topology=ring is not standalone, cluster");
  }

  @Test
  void a_trust_store_with_a_plain_url_or_missing_is_refused(@TempDir Path dir) {
    assertThatThrownBy(
            () -> read(RedisSettings.URL, "redis://h:1", RedisTls.TRUST_STORE, "/etc/hostname"))
        .hasMessageContaining("FENCED-D401: fenced.redis.tls.trust-store=")
        .hasMessageContaining("rediss://");
    String missing = dir.resolve("missing.p12").toString();
    assertThatThrownBy(() -> read(RedisSettings.URL, "rediss://h:1", RedisTls.TRUST_STORE, missing))
        .hasMessageContaining("a readable trust store file");
    assertThatThrownBy(() -> read(RedisSettings.URL, "rediss://h:1", RedisTls.VERIFY, "none"))
        .hasMessageContaining("FENCED-D401: fenced.redis.tls.verify=none is not full");
  }

  @Test
  void a_bad_count_or_duration_names_the_key() {
    assertThatThrownBy(
            () -> read(RedisSettings.URL, "redis://h:1", "fenced.redis.pool.max-total", "-1"))
        .hasMessageContaining("FENCED-D401: fenced.redis.pool.max-total=-1");
    assertThatThrownBy(
            () -> read(RedisSettings.URL, "redis://h:1", "fenced.redis.pool.max-wait", "soon"))
        .hasMessageContaining("fenced.redis.pool.max-wait=soon");
  }

  @Test
  void the_clock_skew_warning_is_100_ms_unless_set_and_a_bad_value_names_the_key() {
    assertThat(RedisSettings.clockSkewWarning(key -> null)).isEqualTo(Duration.ofMillis(100));
    assertThat(RedisSettings.clockSkewWarning(Map.of(RedisSettings.CLOCK_SKEW_WARNING, "2s")::get))
        .isEqualTo(Duration.ofSeconds(2));
    assertThatThrownBy(
            () ->
                RedisSettings.clockSkewWarning(Map.of(RedisSettings.CLOCK_SKEW_WARNING, "0")::get))
        .hasMessageContaining("FENCED-D401: fenced.redis.clock-skew-warning=0 is not a positive");
  }

  @Test
  void the_settings_never_print_a_password() {
    RedisSettings settings =
        read(RedisSettings.URL, "redis://u:secret@h:1", RedisSettings.SENTINEL_PASSWORD, "spw");

    assertThat(settings.toString()).doesNotContain("secret", "spw").contains("****");
  }

  private static RedisSettings read(String... keysAndValues) {
    Map<String, String> config = new HashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      config.put(keysAndValues[i], keysAndValues[i + 1]);
    }
    return RedisSettings.read(config::get);
  }
}
