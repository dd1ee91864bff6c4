package dev.fenced.store.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.store.spi.StoreUnavailableException;
import dev.fenced.testservers.RedisTlsServer;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.UnifiedJedis;

/**
 * A {@code rediss://} client checks whom it talks to: a server whose certificate names another host
 * is refused unless {@code fenced.redis.tls.verify=ca}, and one signed by an authority outside the
 * trust store is refused always. A refused server fails each call closed, as an unreachable one.
 */
class RedisTlsVerificationTest {

  private static final long TTL = Duration.ofSeconds(30).toMillis();

  private static RedisTlsServer otherHost;

  @BeforeAll
  static void start() {
    otherHost = RedisTlsServer.startWithCertificateFor("redis.example.org");
  }

  @AfterAll
  static void stop() {
    otherHost.close();
  }

  @Test
  void a_certificate_that_names_another_host_is_refused_by_full_verification() {
    try (UnifiedJedis client = client("full", true)) {
      RedisLockStore store = new RedisLockStore(client, TestClients.uniquePrefix("tls-full"));

      assertThatThrownBy(() -> store.acquire("k", "owner", TTL))
          .isInstanceOf(StoreUnavailableException.class);
    }
  }

  @Test
  void a_certificate_that_names_another_host_is_accepted_when_only_its_chain_is_checked() {
    try (UnifiedJedis client = client("ca", true)) {
      RedisLockStore store = new RedisLockStore(client, TestClients.uniquePrefix("tls-ca"));

      assertThat(store.acquire("k", "owner", TTL)).isPresent();
    }
  }

  @Test
  void a_certificate_from_an_authority_outside_the_trust_store_is_refused() {
    try (UnifiedJedis client = client("ca", false)) {
      RedisLockStore store = new RedisLockStore(client, TestClients.uniquePrefix("tls-untrusted"));

      assertThatThrownBy(() -> store.acquire("k", "owner", TTL))
          .isInstanceOf(StoreUnavailableException.class);
    }
  }

  private static UnifiedJedis client(String verify, boolean withTrustStore) {
    if (!withTrustStore) {
      return TestClients.configured(
          RedisSettings.URL, otherHost.url().toString(), RedisTls.VERIFY, verify);
    }
    return TestClients.configured(
        RedisSettings.URL,
        otherHost.url().toString(),
        RedisTls.TRUST_STORE,
        otherHost.trustStore().toString(),
        RedisTls.TRUST_STORE_PASSWORD,
        new String(otherHost.trustStorePassword()),
        RedisTls.VERIFY,
        verify);
  }
}
