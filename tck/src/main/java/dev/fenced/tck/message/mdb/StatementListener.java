package dev.fenced.tck.message.mdb;

import dev.fenced.locks.WithoutOverlapping;
import dev.fenced.tck.deployed.Invocations;
import jakarta.ejb.ActivationConfigProperty;
import jakarta.ejb.MessageDriven;
import jakarta.inject.Inject;
import jakarta.jms.JMSDestinationDefinition;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

/**
 * Prints statements under the run lock {@link #KEY}: a message that arrives while another holds the
 * lock is skipped. Counts each run under the message's {@link Queues#TAG}.
 */
@JMSDestinationDefinition(
    name = Queues.STATEMENTS,
    interfaceName = "jakarta.jms.Queue",
    destinationName = "FencedTckStatements")
@MessageDriven(
    activationConfig = {
      @ActivationConfigProperty(
          propertyName = "destinationLookup",
          propertyValue = Queues.STATEMENTS),
      @ActivationConfigProperty(
          propertyName = "destinationType",
          propertyValue = "jakarta.jms.Queue")
    })
public class StatementListener implements MessageListener {

  /** The run lock's key. */
  public static final String KEY = "tck-mdb-statements";

  @Inject Invocations invocations;

  @Override
  @WithoutOverlapping(key = KEY)
  public void onMessage(Message message) {
    try {
      invocations.increment(message.getStringProperty(Queues.TAG));
    } catch (JMSException e) {
      throw new IllegalStateException(e);
    }
  }
}
