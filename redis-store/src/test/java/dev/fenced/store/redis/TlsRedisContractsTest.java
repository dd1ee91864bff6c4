package dev.fenced.store.redis;

import dev.fenced.testservers.RedisTlsServer;
import java.time.Duration;
import redis.clients.jedis.UnifiedJedis;

/**
 * Both store contracts and the administration contracts over {@code rediss://}: a Redis that
 * accepts TLS only, with a certificate for {@code 127.0.0.1} signed by a test authority the build
 * makes, reached through the client a server builds with {@code fenced.redis.tls.trust-store} and
 * full verification (chain and host name).
 */
class TlsRedisContractsTest extends RedisContracts {

  private RedisTlsServer redis;

  @Override
  UnifiedJedis connect() {
    if (redis == null) {
      redis = RedisTlsServer.start();
    }
    return TestClients.configured(
        RedisSettings.URL,
        redis.url().toString(),
        RedisTls.TRUST_STORE,
        redis.trustStore().toString(),
        RedisTls.TRUST_STORE_PASSWORD,
        new String(redis.trustStorePassword()),
        RedisTls.TRUST_STORE_TYPE,
        redis.trustStoreType());
  }

  /**
   * Four times the contracts' default: an acquire that opens a pooled connection pays a TLS
   * handshake, and with the expiry tests running side by side on two cores an acquire and the
   * renewal after it once took longer than 250 ms, so the lock had expired before it was renewed.
   */
  @Override
  Duration shortTtl(Duration contractDefault) {
    return contractDefault.multipliedBy(4);
  }

  @Override
  void stop() {
    if (redis != null) {
      redis.close();
    }
  }

  @Override
  String name() {
    return "tls";
  }
}
