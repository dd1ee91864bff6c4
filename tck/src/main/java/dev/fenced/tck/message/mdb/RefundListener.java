package dev.fenced.tck.message.mdb;

import dev.fenced.idempotency.IdempotencyKey;
import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import jakarta.annotation.Resource;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.ejb.MessageDrivenContext;
import jakarta.inject.Inject;
import jakarta.jms.JMSDestinationDefinition;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

/**
 * Takes refunds; the message id is the key, so only a redelivery meets an earlier run. The first
 * run of a message whose {@code fail} property is {@code throw} throws, and of one whose property
 * is {@code rollback} marks the transaction for rollback: both make the broker redeliver it. Counts
 * each run under the message's {@link Queues#TAG} and each run that completed under the tag plus
 * {@code :completed}.
 */
@JMSDestinationDefinition(
    name = Queues.REFUNDS,
    interfaceName = "jakarta.jms.Queue",
    destinationName = "FencedTckRefunds")
@MessageDriven(
    activationConfig = {
      @ActivationConfigProperty(propertyName = "destinationLookup", propertyValue = Queues.REFUNDS),
      @ActivationConfigProperty(
          propertyName = "destinationType",
          propertyValue = "jakarta.jms.Queue")
    })
public class RefundListener implements MessageListener {

  @Inject Invocations invocations;
  @Resource MessageDrivenContext context;

  @Override
  @Idempotent
  public void onMessage(@IdempotencyKey("JMSMessageID") Message message) {
    try {
      String tag = message.getStringProperty(Queues.TAG);
      int run = invocations.increment(tag);
      String fail = message.getStringProperty("fail");
      if (run == 1 && "throw".equals(fail)) {
        throw new IllegalStateException("the refund service is down");
      }
      if (run == 1 && "rollback".equals(fail)) {
        context.setRollbackOnly();
        return;
      }
      invocations.increment(tag + ":completed");
    } catch (JMSException e) {
      throw new IllegalStateException(e);
    }
  }
}
