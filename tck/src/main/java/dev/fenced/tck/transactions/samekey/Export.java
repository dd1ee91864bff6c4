package dev.fenced.tck.transactions.samekey;

import dev.fenced.locks.WithoutOverlapping;
import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** A job under the run lock {@value #KEY}; each run counts {@value #KEY}. */
@ApplicationScoped
public class Export {

  /** The run lock's key, and the name its runs are counted under. */
  public static final String KEY = "same-key-export";

  @Inject Invocations invocations;

  /** Counts a run, under the run lock. */
  @WithoutOverlapping(key = KEY)
  public void run() {
    invocations.increment(KEY);
  }
}
