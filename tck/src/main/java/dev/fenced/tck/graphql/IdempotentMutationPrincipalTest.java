package dev.fenced.tck.graphql;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.deployed.InvocationsResource;
import dev.fenced.tck.deployed.Latches;
import dev.fenced.tck.deployed.TckApplication;
import dev.fenced.tck.graphql.payments.Checkout;
import dev.fenced.tck.graphql.payments.Payment;
import dev.fenced.tck.graphql.payments.PaymentDeclined;
import dev.fenced.tck.idempotent.principal.BankUsers;
import dev.fenced.tck.support.Graphql;
import dev.fenced.tck.support.GraphqlReply;
import dev.fenced.tck.support.Http;
import dev.fenced.tck.support.TckDeployment;
import java.net.URL;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A mutation's key belongs to its caller: {@code alice} and {@code bob}, whom the container
 * authenticates (HTTP BASIC, Jakarta Security with the deployment's identity store, the GraphQL
 * endpoint behind a security constraint), send one key with one set of arguments and each gets a
 * run and a replay of their own.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
public class IdempotentMutationPrincipalTest {

  private static final String WEB_XML =
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <web-app xmlns="https://jakarta.ee/xml/ns/jakartaee" version="6.0">
        <security-constraint>
          <web-resource-collection>
            <web-resource-name>graphql</web-resource-name>
            <url-pattern>/graphql</url-pattern>
          </web-resource-collection>
          <auth-constraint>
            <role-name>%s</role-name>
          </auth-constraint>
        </security-constraint>
        <security-role>
          <role-name>%s</role-name>
        </security-role>
      </web-app>
      """
          .formatted(BankUsers.ROLE, BankUsers.ROLE);

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return TckDeployment.war("idempotent-mutation-principal")
        .classes(TckApplication.class, Invocations.class, InvocationsResource.class)
        .classes(Checkout.class, Payment.class, PaymentDeclined.class, Latches.class)
        .classes(BankUsers.class)
        .build()
        .addAsWebInfResource(new StringAsset(WEB_XML), "web.xml");
  }

  @ArquillianResource URL base;

  private Http http;
  private Graphql graphql;
  private String tag;
  private String key;

  @BeforeEach
  void client() {
    http = new Http(base);
    graphql = new Graphql(base);
    tag = Http.unique("mutation-principal");
    key = Http.unique("key");
  }

  private GraphqlReply payAs(String user) {
    return graphql.run(
        "mutation { pay(orderId: \"o-1\", amount: 25, tag: \"%s\", idempotencyKey: \"%s\") { run } }"
            .formatted(tag, key),
        Map.of("Authorization", BankUsers.basic(user)));
  }

  @Test
  void two_callers_with_one_key_get_a_run_and_a_replay_of_their_own() {
    GraphqlReply alice = payAs(BankUsers.ALICE);
    GraphqlReply bob = payAs(BankUsers.BOB);
    GraphqlReply aliceAgain = payAs(BankUsers.ALICE);
    GraphqlReply bobAgain = payAs(BankUsers.BOB);

    assertAll(
        bobAgain.describe(),
        () -> assertEquals(1, alice.object("pay").getInt("run"), alice::describe),
        () -> assertEquals(2, bob.object("pay").getInt("run"), "bob's own run"),
        () -> assertEquals(1, aliceAgain.object("pay").getInt("run"), "alice's replay"),
        () -> assertEquals(2, bobAgain.object("pay").getInt("run"), "bob's replay"),
        () -> assertEquals(2, http.invocations(tag), "runs"));
  }
}
