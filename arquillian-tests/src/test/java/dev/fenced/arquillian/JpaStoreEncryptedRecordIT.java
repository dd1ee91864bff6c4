package dev.fenced.arquillian;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.arquillian.encryption.CardResource;
import dev.fenced.arquillian.encryption.EncryptedDeployment;
import dev.fenced.arquillian.harness.PostgresTckDatabase;
import java.net.URL;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs in the jpa cells only: with encryption at rest on, the row PostgreSQL holds for a completed
 * request, read with plain SQL, has a sealed {@code v1.} envelope and no text of the body.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class JpaStoreEncryptedRecordIT {

  @Deployment(testable = false)
  static WebArchive deployment() {
    return EncryptedDeployment.war("jpa-store-encrypted-it");
  }

  @ArquillianResource URL base;

  @Test
  void the_stored_payload_read_with_sql_is_sealed_and_holds_no_text_of_the_body()
      throws SQLException {
    String key = StoreHttp.uniqueKey();

    HttpResponse<String> first =
        StoreHttp.post(base, "api/cards", key, "{\"holder\":\"A. Reader\"}");
    HttpResponse<String> repeat =
        StoreHttp.post(base, "api/cards", key, "{\"holder\":\"A. Reader\"}");

    assertThat(first.statusCode()).as(first.body()).isEqualTo(201);
    assertThat(first.body()).contains(CardResource.SECRET);
    assertThat(repeat.body()).isEqualTo(first.body());
    List<String> payloads = payloadsOf(key);
    assertThat(payloads).hasSize(1);
    assertThat(payloads.get(0)).startsWith("v1.").doesNotContain(CardResource.SECRET, "\"card\"");
  }

  private static List<String> payloadsOf(String idempotencyKey) throws SQLException {
    try (Connection connection = PostgresTckDatabase.prepare().connect();
        PreparedStatement statement =
            connection.prepareStatement(
                "SELECT payload FROM fenced_idempotency WHERE strpos(key, ?) > 0")) {
      statement.setString(1, idempotencyKey);
      List<String> payloads = new ArrayList<>();
      try (ResultSet rows = statement.executeQuery()) {
        while (rows.next()) {
          payloads.add(new String(rows.getBytes(1), StandardCharsets.ISO_8859_1));
        }
      }
      return payloads;
    }
  }
}
