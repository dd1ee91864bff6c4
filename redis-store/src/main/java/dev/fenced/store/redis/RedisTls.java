package dev.fenced.store.redis;

import java.nio.file.Path;
import redis.clients.jedis.SslOptions;
import redis.clients.jedis.SslVerifyMode;

/**
 * How a {@code rediss://} connection checks the server ({@code fenced.redis.tls.*}).
 *
 * @param trustStore {@code fenced.redis.tls.trust-store}: the trust store with the certificates of
 *     the authorities that sign the servers' certificates, or {@code null} for the JVM's default
 *     ({@code javax.net.ssl.trustStore}, else the JDK's {@code cacerts})
 * @param trustStorePassword {@code fenced.redis.tls.trust-store-password}, or {@code null}
 * @param trustStoreType {@code fenced.redis.tls.trust-store-type}, default {@code PKCS12}
 * @param verifyHost {@code fenced.redis.tls.verify}: {@code full} (default) checks the
 *     certificate's chain and that it names the host connected to; {@code ca} checks the chain only
 *     (for services whose certificates do not name the address you reach them by)
 */
record RedisTls(
    Path trustStore, String trustStorePassword, String trustStoreType, boolean verifyHost) {

  static final String TRUST_STORE = "fenced.redis.tls.trust-store";
  static final String TRUST_STORE_PASSWORD = "fenced.redis.tls.trust-store-password";
  static final String TRUST_STORE_TYPE = "fenced.redis.tls.trust-store-type";
  static final String VERIFY = "fenced.redis.tls.verify";

  /** The JVM's trust store, checking host names. */
  static final RedisTls DEFAULT = new RedisTls(null, null, "PKCS12", true);

  /** Jedis's options for these settings. */
  SslOptions sslOptions() {
    SslOptions.Builder options =
        SslOptions.builder().sslVerifyMode(verifyHost ? SslVerifyMode.FULL : SslVerifyMode.CA);
    if (trustStore != null) {
      options
          .truststore(
              trustStore.toFile(),
              trustStorePassword == null ? null : trustStorePassword.toCharArray())
          .trustStoreType(trustStoreType);
    }
    return options.build();
  }
}
