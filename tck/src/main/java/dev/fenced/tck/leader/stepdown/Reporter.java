package dev.fenced.tck.leader.stepdown;

import java.lang.management.ManagementFactory;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * Reports what happens in the leader's deployment to the witness deployment, through the platform
 * MBean server: the one place two applications of one server both reach, with only JDK types
 * crossing between them.
 */
public final class Reporter {

  /** The witness's MBean name. */
  public static final String NAME = "dev.fenced.tck:type=LeaderWitness";

  private Reporter() {}

  /**
   * Reports one line to the witness; never throws.
   *
   * @param line what happened
   */
  public static void report(String line) {
    try {
      MBeanServer server = ManagementFactory.getPlatformMBeanServer();
      server.invoke(
          new ObjectName(NAME),
          "record",
          new Object[] {line},
          new String[] {String.class.getName()});
    } catch (JMException | RuntimeException e) {
      System.getLogger("dev.fenced.tck")
          .log(System.Logger.Level.WARNING, "Could not report to the witness: " + line, e);
    }
  }
}
