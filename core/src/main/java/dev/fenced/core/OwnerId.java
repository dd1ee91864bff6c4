package dev.fenced.core;

import java.lang.management.ManagementFactory;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.concurrent.atomic.AtomicLong;

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

  /**
   * Random once per JVM: with the instance name it tells this JVM's owners from those of every
   * other JVM, including an earlier one with the same name ({@code 1@host} in a restarted
   * container).
   */
  private static final long JVM_NONCE = new SecureRandom().nextLong();

  /** Counts the owners this JVM drew, so that no two are equal. */
  private static final AtomicLong DRAWN = new AtomicLong();

  private static final HexFormat HEX = HexFormat.of();

  private OwnerId() {}

  /**
   * A new owner id: never drawn before by this JVM, and different from every other JVM's but for a
   * chance of 2<sup>-64</sup> per pair of JVMs with the same instance name.
   *
   * <p>Not {@code UUID.randomUUID()}: every claim and every acquire draws one, and the JDK's shared
   * {@code SecureRandom} serialised request threads on its lock. The owner needs to be unique, not
   * secret: the store holds it for anyone who can read the store.
   *
   * @return the instance's name, {@code /}, and 32 lowercase hex characters: 64 random bits drawn
   *     once per JVM, then the count of owners this JVM drew before
   */
  public static String random() {
    return INSTANCE + "/" + HEX.toHexDigits(JVM_NONCE) + HEX.toHexDigits(DRAWN.getAndIncrement());
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
