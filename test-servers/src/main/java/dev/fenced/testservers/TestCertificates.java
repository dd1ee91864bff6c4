package dev.fenced.testservers;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A test CA and one server certificate it signed, made with only the JDK (its {@code keytool}, EC
 * P-256 keys, valid for 2 days), as files in a folder: PEM for Redis ({@link #caCertificate()},
 * {@link #serverCertificate()}, {@link #serverKey()} in PKCS#8) and a PKCS12 trust store holding
 * the CA alone for Java clients ({@link #trustStore()}).
 *
 * @param caCertificate the CA's certificate, PEM
 * @param serverCertificate the server's certificate, PEM
 * @param serverKey the server's private key, PKCS#8 PEM ({@code BEGIN PRIVATE KEY})
 * @param trustStore a PKCS12 store holding the CA's certificate only
 * @param password the password of the trust store (and of the key stores beside it)
 */
record TestCertificates(
    Path caCertificate, Path serverCertificate, Path serverKey, Path trustStore, char[] password) {

  private static final String PASSWORD = "fenced-test";
  private static final String VALIDITY_DAYS = "2";

  /**
   * Makes the CA, the server's key pair and its certificate.
   *
   * @param folder where the files go; it exists
   * @param subjectAlternativeNames the server certificate's SAN, in keytool's syntax, e.g. {@code
   *     IP:127.0.0.1,DNS:localhost}
   * @return the files
   * @throws IllegalStateException when keytool fails
   */
  static TestCertificates create(Path folder, String subjectAlternativeNames) {
    Path caStore = folder.resolve("ca.p12");
    Path serverStore = folder.resolve("server.p12");
    Path request = folder.resolve("server.csr");
    Path caPem = folder.resolve("ca.pem");
    Path serverPem = folder.resolve("server.pem");
    Path keyPem = folder.resolve("server.key");
    Path trustStore = folder.resolve("truststore.p12");
    // the two key pairs at once: each keytool is a JVM of its own
    Process ca =
        keytool(
            "-genkeypair",
            "-alias",
            "ca",
            "-dname",
            "CN=Fenced test CA",
            "-ext",
            "bc:c",
            "-keyalg",
            "EC",
            "-groupname",
            "secp256r1",
            "-validity",
            VALIDITY_DAYS,
            "-keystore",
            caStore.toString());
    Process server =
        keytool(
            "-genkeypair",
            "-alias",
            "server",
            "-dname",
            "CN=Fenced test server",
            "-keyalg",
            "EC",
            "-groupname",
            "secp256r1",
            "-validity",
            VALIDITY_DAYS,
            "-keystore",
            serverStore.toString());
    await(ca);
    await(server);
    await(
        keytool(
            "-certreq",
            "-alias",
            "server",
            "-keystore",
            serverStore.toString(),
            "-file",
            request.toString()));
    await(
        keytool(
            "-gencert",
            "-alias",
            "ca",
            "-keystore",
            caStore.toString(),
            "-infile",
            request.toString(),
            "-outfile",
            serverPem.toString(),
            "-rfc",
            "-ext",
            "SAN=" + subjectAlternativeNames,
            "-validity",
            VALIDITY_DAYS));
    await(
        keytool(
            "-exportcert",
            "-alias",
            "ca",
            "-keystore",
            caStore.toString(),
            "-file",
            caPem.toString(),
            "-rfc"));
    try {
      writePrivateKey(serverStore, keyPem);
      writeTrustStore(caPem, trustStore);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the test certificates", e);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("cannot read the test certificates", e);
    }
    return new TestCertificates(caPem, serverPem, keyPem, trustStore, PASSWORD.toCharArray());
  }

  /** Starts keytool on PKCS12 stores with the one password, quick to start and to finish. */
  private static Process keytool(String... args) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
    command.addAll(List.of(args));
    command.addAll(
        List.of(
            "-storetype",
            "PKCS12",
            "-storepass",
            PASSWORD,
            "-noprompt",
            "-J-XX:TieredStopAtLevel=1"));
    try {
      return new ProcessBuilder(command).redirectErrorStream(true).start();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run " + command, e);
    }
  }

  private static void await(Process keytool) {
    try {
      String output = new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!keytool.waitFor(60, TimeUnit.SECONDS)) {
        keytool.destroyForcibly();
        throw new IllegalStateException("keytool did not finish within 60 s");
      }
      if (keytool.exitValue() != 0) {
        throw new IllegalStateException(
            "keytool failed with exit code " + keytool.exitValue() + ": " + output.strip());
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read keytool's output", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      keytool.destroyForcibly();
      throw new IllegalStateException("interrupted while keytool ran", e);
    }
  }

  private static void writePrivateKey(Path serverStore, Path keyPem)
      throws IOException, GeneralSecurityException {
    KeyStore store = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(serverStore)) {
      store.load(in, PASSWORD.toCharArray());
    }
    Key key = store.getKey("server", PASSWORD.toCharArray());
    String base64 =
        Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
            .encodeToString(key.getEncoded());
    Files.writeString(
        keyPem,
        "-----BEGIN PRIVATE KEY-----\n" + base64 + "\n-----END PRIVATE KEY-----\n",
        StandardCharsets.US_ASCII);
  }

  private static void writeTrustStore(Path caPem, Path trustStore)
      throws IOException, GeneralSecurityException {
    Certificate ca;
    try (InputStream in = Files.newInputStream(caPem)) {
      ca = CertificateFactory.getInstance("X.509").generateCertificate(in);
    }
    KeyStore store = KeyStore.getInstance("PKCS12");
    store.load(null, null);
    store.setCertificateEntry("fenced-test-ca", ca);
    try (OutputStream out = Files.newOutputStream(trustStore)) {
      store.store(out, PASSWORD.toCharArray());
    }
  }
}
