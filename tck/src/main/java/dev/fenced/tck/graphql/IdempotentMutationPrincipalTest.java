package dev.fenced.tck.graphql;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fenced.tck.idempotent.principal.BankUsers;
import dev.fenced.tck.support.Graphql;
import dev.fenced.tck.support.GraphqlReply;
import dev.fenced.tck.support.Http;
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

  @Deployment(testable = false)
  public static WebArchive deployment() {
    return GraphqlDeployments.war("idempotent-mutation-principal")
        .classes(BankUsers.class)
        .build()
        .addAsWebInfResource(new StringAsset(BankUsers.webXml("/graphql")), "web.xml");
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
