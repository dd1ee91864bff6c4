package dev.fenced.tck.leader.stepdown.witness;

import dev.fenced.tck.leader.stepdown.Reporter;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.management.JMException;
import javax.management.ObjectName;
import javax.management.StandardMBean;

/** Collects the leader deployment's reports while it comes and goes; registered as an MBean. */
@Singleton
@Startup
public class Witness {

  private final List<String> lines = new CopyOnWriteArrayList<>();

  @PostConstruct
  void register() {
    try {
      ManagementFactory.getPlatformMBeanServer()
          .registerMBean(
              new StandardMBean(
                  new WitnessMBean() {
                    @Override
                    public void record(String line) {
                      lines.add(line);
                    }

                    @Override
                    public List<String> getLines() {
                      return List.copyOf(lines);
                    }
                  },
                  WitnessMBean.class),
              new ObjectName(Reporter.NAME));
    } catch (JMException e) {
      throw new IllegalStateException("Cannot register the witness", e);
    }
  }

  @PreDestroy
  void unregister() {
    try {
      ManagementFactory.getPlatformMBeanServer().unregisterMBean(new ObjectName(Reporter.NAME));
    } catch (JMException e) {
      // already gone
    }
  }

  /**
   * The lines reported so far.
   *
   * @return the lines, oldest first
   */
  public List<String> lines() {
    return List.copyOf(lines);
  }
}
