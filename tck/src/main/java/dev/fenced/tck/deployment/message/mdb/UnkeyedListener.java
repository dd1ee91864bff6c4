package dev.fenced.tck.deployment.message.mdb;

import dev.fenced.idempotency.Idempotent;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.jms.JMSDestinationDefinition;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

/** Invalid: an {@code @Idempotent} {@code onMessage} with no {@code @IdempotencyKey} parameter. */
@JMSDestinationDefinition(
    name = UnkeyedListener.QUEUE,
    interfaceName = "jakarta.jms.Queue",
    destinationName = "FencedTckUnkeyed")
@MessageDriven(
    activationConfig = {
      @ActivationConfigProperty(
          propertyName = "destinationLookup",
          propertyValue = UnkeyedListener.QUEUE),
      @ActivationConfigProperty(
          propertyName = "destinationType",
          propertyValue = "jakarta.jms.Queue")
    })
public class UnkeyedListener implements MessageListener {

  /** The queue it would listen to. */
  public static final String QUEUE = "java:app/jms/FencedTckUnkeyed";

  @Override
  @Idempotent
  public void onMessage(Message message) {}
}
