package dev.fenced.arquillian;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.arquillian.setup.LibraryProbeResource;
import dev.fenced.arquillian.setup.SetupApplication;
import dev.fenced.tck.arquillian.FencedLibrary;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A {@code testable = false} deployment (how HTTP behaviour tests deploy) gets Fenced's jars too,
 * although Arquillian's archive processors skip such deployments.
 */
@ExtendWith(ArquillianExtension.class)
class ClientDeploymentIT {

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return ShrinkWrap.create(WebArchive.class, "client-deployment.war")
        .addClasses(SetupApplication.class, LibraryProbeResource.class);
  }

  @ArquillianResource URL base;

  @Test
  void fenced_api_and_engine_classes_load_from_the_deployment_itself() throws Exception {
    assertThat(probe(FencedLibrary.API_ANCHOR)).isEqualTo("deployment");
    assertThat(probe(FencedLibrary.CORE_ANCHOR)).isEqualTo("deployment");
    assertThat(probe(FencedLibrary.CDI_ANCHOR)).isEqualTo("deployment");
  }

  @Test
  void the_tck_stays_out_of_the_deployment() throws Exception {
    assertThat(probe("dev.fenced.tck.store.LockStoreContract")).isEqualTo("missing");
  }

  private String probe(String className) throws Exception {
    HttpResponse<String> response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(base + "api/probe/" + className))
                    .timeout(Duration.ofSeconds(10))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return response.body();
  }
}
