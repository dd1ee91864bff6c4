package dev.fenced.cdi.boot;

import java.lang.reflect.Method;

/**
 * Tells a JMS listener's {@code onMessage(jakarta.jms.Message)}, the method a message-driven bean
 * is called on, by type names only: a server without JMS must load no JMS class.
 */
final class MessageListenerMethod {

  private static final String LISTENER = "jakarta.jms.MessageListener";
  private static final String MESSAGE = "jakarta.jms.Message";

  private MessageListenerMethod() {}

  /**
   * Whether a bean method is its class's {@code MessageListener.onMessage(Message)}.
   *
   * @param beanClass the bean class
   * @param method the method
   * @return whether the class implements {@code jakarta.jms.MessageListener} and the method is its
   *     {@code onMessage}
   */
  static boolean is(Class<?> beanClass, Method method) {
    return method.getName().equals("onMessage")
        && method.getParameterCount() == 1
        && method.getParameterTypes()[0].getName().equals(MESSAGE)
        && implementsListener(beanClass);
  }

  private static boolean implementsListener(Class<?> type) {
    if (type == null) {
      return false;
    }
    if (type.getName().equals(LISTENER)) {
      return true;
    }
    for (Class<?> parent : type.getInterfaces()) {
      if (implementsListener(parent)) {
        return true;
      }
    }
    return implementsListener(type.getSuperclass());
  }
}
