package dev.fenced.testservers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.SslOptions;
import redis.clients.jedis.SslVerifyMode;
import redis.clients.jedis.exceptions.JedisConnectionException;

class RedisTlsServerTest {

  private static RedisTlsServer server;
  private static RedisTlsServer otherName;

  @BeforeAll
  static void startServers() {
    server = RedisTlsServer.start();
    otherName = RedisTlsServer.startWithCertificateFor("redis.example.org");
  }

  @AfterAll
  static void stopServers() {
    server.close();
    otherName.close();
  }

  @Test
  void a_client_that_trusts_the_test_ca_and_verifies_the_host_name_pings() {
    try (Jedis jedis = new Jedis(server.hostAndPort(), trusting(server, SslVerifyMode.FULL))) {
      assertThat(jedis.ping()).isEqualTo("PONG");
    }
    assertThat(server.url()).hasScheme("rediss").hasHost("127.0.0.1").hasPort(server.port());
  }

  @Test
  void a_client_without_the_trust_store_is_refused() {
    JedisClientConfig jdkTrust = DefaultJedisClientConfig.builder().ssl(true).build();

    assertThatThrownBy(
            () -> {
              try (Jedis jedis = new Jedis(server.hostAndPort(), jdkTrust)) {
                jedis.ping();
              }
            })
        .isInstanceOf(JedisConnectionException.class)
        .hasCauseInstanceOf(SSLHandshakeException.class)
        .hasStackTraceContaining("certification path");
  }

  @Test
  void a_certificate_for_another_host_name_is_refused_when_host_names_are_verified() {
    assertThatThrownBy(
            () -> {
              try (Jedis jedis =
                  new Jedis(otherName.hostAndPort(), trusting(otherName, SslVerifyMode.FULL))) {
                jedis.ping();
              }
            })
        .isInstanceOf(JedisConnectionException.class)
        .hasCauseInstanceOf(SSLHandshakeException.class)
        .hasStackTraceContaining("127.0.0.1");
  }

  @Test
  void a_certificate_for_another_host_name_passes_when_only_the_ca_is_checked() {
    try (Jedis jedis = new Jedis(otherName.hostAndPort(), trusting(otherName, SslVerifyMode.CA))) {
      assertThat(jedis.ping()).isEqualTo("PONG");
    }
  }

  private static JedisClientConfig trusting(RedisTlsServer redis, SslVerifyMode mode) {
    return DefaultJedisClientConfig.builder()
        .ssl(true)
        .sslOptions(
            SslOptions.builder()
                .truststore(redis.trustStore().toFile(), redis.trustStorePassword())
                .trustStoreType(redis.trustStoreType())
                .sslVerifyMode(mode)
                .build())
        .build();
  }
}
