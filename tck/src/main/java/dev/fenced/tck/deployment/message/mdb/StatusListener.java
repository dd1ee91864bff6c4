package dev.fenced.tck.deployment.message.mdb;

import dev.fenced.idempotency.Idempotent;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.jms.JMSDestinationDefinition;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

/**
 * Invalid: an {@code @Idempotent} {@code onMessage} with {@code storeStatuses}, which only a JAX-RS
 * resource method's responses have.
 */
@JMSDestinationDefinition(
    name = StatusListener.QUEUE,
    interfaceName = "jakarta.jms.Queue",
    destinationName = "FencedTckStatus")
@MessageDriven(
    activationConfig = {
      @ActivationConfigProperty(
          propertyName = "destinationLookup",
          propertyValue = StatusListener.QUEUE),
      @ActivationConfigProperty(
          propertyName = "destinationType",
          propertyValue = "jakarta.jms.Queue")
    })
public class StatusListener implements MessageListener {

  /** The queue it would listen to. */
  public static final String QUEUE = "java:app/jms/FencedTckStatus";

  @Override
  @Idempotent(storeStatuses = 502)
  public void onMessage(Message message) {}
}
