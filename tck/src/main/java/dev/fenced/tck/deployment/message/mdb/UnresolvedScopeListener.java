package dev.fenced.tck.deployment.message.mdb;

import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.jms.JMSDestinationDefinition;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

/**
 * Invalid: an {@code @Idempotent} {@code onMessage} whose scope names no {@code
 * IdempotencyScopeResolver} bean (a check that needs the application's beans).
 */
@JMSDestinationDefinition(
    name = UnresolvedScopeListener.QUEUE,
    interfaceName = "jakarta.jms.Queue",
    destinationName = "FencedTckUnresolvedScope")
@MessageDriven(
    activationConfig = {
      @ActivationConfigProperty(
          propertyName = "destinationLookup",
          propertyValue = UnresolvedScopeListener.QUEUE),
      @ActivationConfigProperty(
          propertyName = "destinationType",
          propertyValue = "jakarta.jms.Queue")
    })
public class UnresolvedScopeListener implements MessageListener {

  /** The queue it would listen to. */
  public static final String QUEUE = "java:app/jms/FencedTckUnresolvedScope";

  /** The scope no bean resolves. */
  public static final String SCOPE = "merchant";

  @Override
  @Idempotent(scope = SCOPE)
  public void onMessage(@IdempotencyKey("JMSMessageID") Message message) {}
}
