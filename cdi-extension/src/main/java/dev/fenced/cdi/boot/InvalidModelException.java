package dev.fenced.cdi.boot;

import java.util.List;

/**
 * One guarded method's or bean's annotations or configuration do not make a valid model. Each
 * problem names the class, the method, the option and the bad value, and says how to fix it; the
 * extension reports each as a deployment problem.
 */
public final class InvalidModelException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  private final List<String> problems;

  /**
   * Creates an exception.
   *
   * @param problems one or more messages
   */
  public InvalidModelException(List<String> problems) {
    super(String.join("\n", problems));
    this.problems = List.copyOf(problems);
  }

  /**
   * Every problem found on the method.
   *
   * @return the messages, at least one
   */
  public List<String> problems() {
    return problems;
  }
}
