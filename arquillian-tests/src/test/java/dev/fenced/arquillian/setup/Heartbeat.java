package dev.fenced.arquillian.setup;

import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.inject.Inject;

/** An EJB timer firing every second, the kind of job {@code @OnOneInstance} will guard. */
@Singleton
public class Heartbeat {

  @Inject Invocations invocations;

  @Counted
  @Schedule(second = "*", minute = "*", hour = "*", persistent = false)
  public void beat() {
    invocations.record("heartbeat");
  }
}
