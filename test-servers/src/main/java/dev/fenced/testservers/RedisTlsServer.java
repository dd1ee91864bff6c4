package dev.fenced.testservers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.logging.Logger;
import java.util.stream.Stream;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.SslOptions;
import redis.clients.jedis.SslVerifyMode;

/**
 * A Redis server that speaks TLS only, on a free port of {@code 127.0.0.1}, with a certificate
 * signed by a test CA made for it alone. Clients trust the CA through {@link #trustStore()}
 * (PKCS12, the CA's certificate only); the server does not ask clients for certificates. {@link
 * #start()} gives a certificate for {@code IP:127.0.0.1} and {@code DNS:localhost}, so a client
 * that verifies host names accepts it; {@link #startWithCertificateFor(String)} gives one for
 * another name, so such a client must refuse it. Close it when done.
 *
 * <pre>{@code
 * try (RedisTlsServer redis = RedisTlsServer.start()) {
 *   SslOptions ssl = SslOptions.builder()
 *       .truststore(redis.trustStore().toFile(), redis.trustStorePassword())
 *       .trustStoreType(redis.trustStoreType())
 *       .sslVerifyMode(SslVerifyMode.FULL)
 *       .build();
 *   ...
 * }
 * }</pre>
 */
public final class RedisTlsServer implements AutoCloseable {

  private static final Logger LOG = Logger.getLogger(RedisTlsServer.class.getName());
  private static final String TRUST_STORE_TYPE = "PKCS12";

  private final Path folder;
  private final TestCertificates certificates;
  private final RedisProcess process;

  private RedisTlsServer(Path folder, TestCertificates certificates, RedisProcess process) {
    this.folder = folder;
    this.certificates = certificates;
    this.process = process;
  }

  /**
   * Starts a server whose certificate names {@code 127.0.0.1} and {@code localhost}.
   *
   * @return the running server, answering TLS clients that trust {@link #trustStore()}
   */
  public static RedisTlsServer start() {
    return start("IP:127.0.0.1,DNS:localhost");
  }

  /**
   * Starts a server whose certificate names only {@code dnsName}, not {@code 127.0.0.1}: a client
   * that connects to {@link #url()} and verifies host names must refuse it, one that checks only
   * the CA accepts it.
   *
   * @param dnsName the only subject alternative name of the certificate, e.g. {@code
   *     redis.example.org}
   * @return the running server
   */
  public static RedisTlsServer startWithCertificateFor(String dnsName) {
    if (!dnsName.matches("[A-Za-z0-9.-]+")) {
      throw new IllegalArgumentException("not a DNS name: " + dnsName);
    }
    return start("DNS:" + dnsName);
  }

  private static RedisTlsServer start(String subjectAlternativeNames) {
    Path folder;
    try {
      folder = Files.createTempDirectory("fenced-redis-tls-");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot make a directory for the test certificates", e);
    }
    try {
      long started = System.nanoTime();
      TestCertificates certificates = TestCertificates.create(folder, subjectAlternativeNames);
      // the readiness check trusts the CA but not the host name: it must pass either certificate
      JedisClientConfig probe = clientConfig(certificates, SslVerifyMode.CA);
      RedisProcess process =
          RedisProcess.start(
              0,
              List.of(
                  "--tls-cert-file", certificates.serverCertificate().toString(),
                  "--tls-key-file", certificates.serverKey().toString(),
                  "--tls-ca-cert-file", certificates.caCertificate().toString(),
                  "--tls-auth-clients", "no"),
              probe);
      RedisTlsServer server = new RedisTlsServer(folder, certificates, process);
      LOG.info(
          () ->
              "Redis with TLS ready in "
                  + (System.nanoTime() - started) / 1_000_000
                  + " ms: "
                  + server.url()
                  + ", certificate for "
                  + subjectAlternativeNames);
      return server;
    } catch (RuntimeException e) {
      deleteFolder(folder);
      throw e;
    }
  }

  /**
   * The server's URL.
   *
   * @return {@code rediss://127.0.0.1:<port>}
   */
  public URI url() {
    return URI.create("rediss://127.0.0.1:" + process.port());
  }

  /**
   * The TLS port.
   *
   * @return the port the server listens on, with TLS only
   */
  public int port() {
    return process.port();
  }

  /**
   * The server's address.
   *
   * @return {@code 127.0.0.1} and {@link #port()}
   */
  public HostAndPort hostAndPort() {
    return process.hostAndPort();
  }

  /**
   * A trust store that holds the test CA's certificate and nothing else.
   *
   * @return a PKCS12 file, readable with {@link #trustStorePassword()}
   */
  public Path trustStore() {
    return certificates.trustStore();
  }

  /**
   * The trust store's password.
   *
   * @return a copy the caller may clear
   */
  public char[] trustStorePassword() {
    return certificates.password().clone();
  }

  /**
   * The trust store's type.
   *
   * @return {@code PKCS12}
   */
  public String trustStoreType() {
    return TRUST_STORE_TYPE;
  }

  /**
   * The test CA's certificate, for clients that read PEM.
   *
   * @return a PEM file
   */
  public Path caCertificate() {
    return certificates.caCertificate();
  }

  /** Stops the server and deletes its certificates and directory. */
  @Override
  public void close() {
    process.close();
    deleteFolder(folder);
  }

  @Override
  public String toString() {
    return "Redis with TLS " + url();
  }

  private static JedisClientConfig clientConfig(TestCertificates certificates, SslVerifyMode mode) {
    return DefaultJedisClientConfig.builder()
        .ssl(true)
        .sslOptions(
            SslOptions.builder()
                .truststore(certificates.trustStore().toFile(), certificates.password().clone())
                .trustStoreType(TRUST_STORE_TYPE)
                .sslVerifyMode(mode)
                .build())
        .build();
  }

  private static void deleteFolder(Path folder) {
    try (Stream<Path> paths = Files.walk(folder)) {
      paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    } catch (IOException | UncheckedIOException e) {
      LOG.fine(() -> "could not delete " + folder + ": " + e);
    }
  }
}
