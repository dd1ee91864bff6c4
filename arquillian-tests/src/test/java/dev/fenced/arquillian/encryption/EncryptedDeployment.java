package dev.fenced.arquillian.encryption;

import dev.fenced.arquillian.stores.StoresApplication;
import dev.fenced.tck.support.TckDeployment;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/** The deployment with encryption at rest on, and the request the ITs send to it. */
public final class EncryptedDeployment {

  private static final HttpClient CLIENT =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

  private EncryptedDeployment() {}

  /**
   * A WAR guarding {@code POST /api/cards}, sealing its outcomes with a passphrase key.
   *
   * @param name the WAR's name
   * @return the archive
   */
  public static WebArchive war(String name) {
    return TckDeployment.war(name)
        .classes(StoresApplication.class, CardResource.class)
        .config("fenced.idempotency.encryption.keys", "an-encryption-passphrase-of-40-characters")
        .build();
  }

  /**
   * Sends {@code POST /api/cards} with an {@code Idempotency-Key}.
   *
   * @param base the deployment's URL
   * @param key the idempotency key
   * @return the answer
   */
  public static HttpResponse<String> postCard(URL base, String key) {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(base.toExternalForm()).resolve("api/cards"))
            .timeout(Duration.ofSeconds(30))
            .header("Content-Type", "application/json")
            .header("Idempotency-Key", key)
            .POST(HttpRequest.BodyPublishers.ofString("{\"holder\":\"A. Reader\"}"))
            .build();
    try {
      return CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
