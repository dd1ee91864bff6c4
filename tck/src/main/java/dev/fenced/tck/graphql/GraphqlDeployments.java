package dev.fenced.tck.graphql;

import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.deployed.InvocationsResource;
import dev.fenced.tck.deployed.Latches;
import dev.fenced.tck.deployed.TckApplication;
import dev.fenced.tck.graphql.payments.Checkout;
import dev.fenced.tck.graphql.payments.Payment;
import dev.fenced.tck.graphql.payments.PaymentDeclined;
import dev.fenced.tck.support.TckDeployment;

/** Starts the deployments of this package: the payment mutations and the invocation counter. */
final class GraphqlDeployments {

  private GraphqlDeployments() {}

  /**
   * A deployment with {@link Checkout}, what it answers and throws, and the invocation counter.
   *
   * @param name the WAR's name without {@code .war}
   * @return the builder, for the test's classes and config
   */
  static TckDeployment war(String name) {
    return TckDeployment.war(name)
        .classes(TckApplication.class, Invocations.class, InvocationsResource.class)
        .classes(Checkout.class, Payment.class, PaymentDeclined.class, Latches.class);
  }
}
