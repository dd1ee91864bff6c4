package dev.fenced.arquillian;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.arquillian.harness.PostgresTckDatabase;
import dev.fenced.arquillian.stores.GuardedResource;
import dev.fenced.arquillian.stores.StoresApplication;
import dev.fenced.tck.support.TckDeployment;
import java.net.URL;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs in the {@code wildfly-jpa} cell only: proves that cell's deployments really keep their
 * records in PostgreSQL (the run's schema), through the JTA datasource, not in memory.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class JpaStoreIT {

  @Deployment(testable = false)
  static WebArchive deployment() {
    return TckDeployment.war("jpa-store-it")
        .classes(StoresApplication.class, GuardedResource.class)
        .build();
  }

  @ArquillianResource URL base;

  @Test
  void a_guarded_request_leaves_its_record_in_postgresql_and_a_repeat_is_replayed()
      throws SQLException {
    long before = rows("fenced_idempotency");
    String key = StoreHttp.uniqueKey();

    HttpResponse<String> first = StoreHttp.postOrder(base, key);
    HttpResponse<String> repeat = StoreHttp.postOrder(base, key);

    assertThat(first.statusCode()).as(first.body()).isEqualTo(201);
    assertThat(repeat.statusCode()).isEqualTo(201);
    assertThat(repeat.body()).isEqualTo(first.body());
    assertThat(rows("fenced_idempotency")).isEqualTo(before + 1);
  }

  private static long rows(String table) throws SQLException {
    try (Connection connection = PostgresTckDatabase.prepare().connect();
        Statement statement = connection.createStatement();
        ResultSet result = statement.executeQuery("SELECT count(*) FROM " + table)) {
      result.next();
      return result.getLong(1);
    }
  }
}
