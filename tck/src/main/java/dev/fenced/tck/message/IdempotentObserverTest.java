package dev.fenced.tck.message;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.message.common.MessageDeployment;
import dev.fenced.tck.message.observer.InvoicingObserver;
import dev.fenced.tck.message.observer.OrderPaid;
import dev.fenced.tck.message.observer.ShippingObserver;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An {@code @Idempotent} CDI observer method, {@code void on(@Observes @IdempotencyKey("eventId")
 * OrderPaid event)}: the container's call to the observer is intercepted, so an event fired twice
 * is handled once, and each observer of the event keeps its own record.
 */
@ExtendWith(ArquillianExtension.class)
public class IdempotentObserverTest {

  @Deployment
  public static WebArchive deployment() {
    return MessageDeployment.war("idempotent-observer")
        .classes(OrderPaid.class, ShippingObserver.class, InvoicingObserver.class)
        .build();
  }

  @Inject Event<OrderPaid> orderPaid;
  @Inject Invocations invocations;

  private static String unique(String prefix) {
    return prefix + "-" + UUID.randomUUID();
  }

  @Test
  void a_duplicate_event_fired_twice_is_handled_once() {
    String eventId = unique("evt");
    String order = unique("order");

    orderPaid.fire(new OrderPaid(eventId, order));
    orderPaid.fire(new OrderPaid(eventId, order));

    assertEquals(1, invocations.count("shipping:" + order), "shipments");
  }

  @Test
  void two_events_with_different_event_ids_are_both_handled() {
    String order = unique("order");

    orderPaid.fire(new OrderPaid(unique("evt"), order));
    orderPaid.fire(new OrderPaid(unique("evt"), order));

    assertEquals(2, invocations.count("shipping:" + order), "shipments");
  }

  @Test
  void each_observer_of_one_event_handles_it_once_under_its_own_record() {
    String eventId = unique("evt");
    String order = unique("order");

    orderPaid.fire(new OrderPaid(eventId, order));
    orderPaid.fire(new OrderPaid(eventId, order));

    assertAll(
        () -> assertEquals(1, invocations.count("shipping:" + order), "shipments"),
        () -> assertEquals(1, invocations.count("invoicing:" + order), "invoices"));
  }
}
