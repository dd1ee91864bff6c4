package dev.fenced.core;

import java.lang.management.ManagementFactory;
import java.util.UUID;

/**
 * Owner ids: one per attempt or acquisition, so a stale holder's writes are refused, and each
 * naming the instance that drew it, so an operator sees who holds a lock: {@code
 * <instance>/<random>}.
 */
public final class OwnerId {

  /** The JVM system property that names this instance in owner ids. */
  public static final String INSTANCE_PROPERTY = "fenced.instance-name";

  /** The longest instance name kept in an owner id; a longer one is cut. */
  static final int MAX_INSTANCE_LENGTH = 64;

  private static final String INSTANCE = instanceName();

  private OwnerId() {}

  /**
   * A new owner id.
   *
   * @return the instance's name, {@code /}, and 32 lowercase hex characters from 122 random bits
   */
  public static String random() {
    return INSTANCE + "/" + UUID.randomUUID().toString().replace("-", "");
  }

  /**
   * This instance's name in owner ids: the system property {@value #INSTANCE_PROPERTY}, else the
   * JVM's {@code <pid>@<host>}, at most {@value #MAX_INSTANCE_LENGTH} characters.
   *
   * @return the name, never empty
   */
  public static String instance() {
    return INSTANCE;
  }

  private static String instanceName() {
    String configured = System.getProperty(INSTANCE_PROPERTY, "").strip();
    String name =
        configured.isEmpty() ? ManagementFactory.getRuntimeMXBean().getName() : configured;
    if (name.isEmpty()) {
      name = "pid-" + ProcessHandle.current().pid();
    }
    return name.length() > MAX_INSTANCE_LENGTH ? name.substring(0, MAX_INSTANCE_LENGTH) : name;
  }
}
