package dev.fenced.tck.leader.stepdown;

import dev.fenced.tck.locks.common.MapLockStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Named;

/**
 * The leader deployment's lock store ({@code fenced.locks.store=}{@value #NAME}): a {@link
 * MapLockStore} that reports every release to the witness with its result.
 */
@ApplicationScoped
@Named(ReportingLockStore.NAME)
public class ReportingLockStore extends MapLockStore {

  /** The bean name the leader deployment's config selects. */
  public static final String NAME = "reporting";

  @Override
  public boolean release(String key, String owner) {
    boolean released = super.release(key, owner);
    Reporter.report("release " + key + " " + released);
    return released;
  }
}
