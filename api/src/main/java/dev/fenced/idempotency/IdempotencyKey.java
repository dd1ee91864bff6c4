package dev.fenced.idempotency;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks the parameter of an {@link Idempotent} non-HTTP method that holds the idempotency key.
 *
 * <p>The key is the parameter's value, or the property at {@link #value()} (for example {@code
 * "eventId"} or {@code "header.messageId"}, read through getters, record components or public
 * fields). On a JMS {@code Message} a name that is no getter is a message property: {@code
 * "orderId"} reads {@code getObjectProperty("orderId")}, while {@code "JMSMessageID"} and {@code
 * "JMSCorrelationID"} are the getters (the message id matches only a redelivery of one message). A
 * {@code null} or invalid key throws {@link IdempotencyException} with {@code
 * IDEMPOTENCY_KEY_REQUIRED} or {@code IDEMPOTENCY_KEY_INVALID} before the method runs. Exactly one
 * parameter of a non-HTTP {@code @Idempotent} method must carry it, or the deployment fails.
 *
 * <p>One exception: a JMS {@code MessageListener}'s {@code onMessage(Message)} (a message-driven
 * bean's) without it takes its message's default key: the top-level {@code idempotencyKey} member
 * of a text body that is a JSON object (a string or a number) or the {@code idempotencyKey} entry
 * of a map message, else the message property {@code idempotencyKey} (a JMS property name must be a
 * Java identifier, so it cannot be the HTTP header's {@code Idempotency-Key}). A message without
 * either runs unguarded, or, with {@link Idempotent#required()}, is refused with {@code
 * IDEMPOTENCY_KEY_REQUIRED} before the method runs: the exception rolls the delivery back, so the
 * broker redelivers it until its redelivery limit moves it to the dead-letter queue.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.PARAMETER)
public @interface IdempotencyKey {

  /**
   * A dot-separated property path into the parameter; empty (the default) uses the parameter
   * itself.
   *
   * @return the property path, or empty
   */
  String value() default "";
}
