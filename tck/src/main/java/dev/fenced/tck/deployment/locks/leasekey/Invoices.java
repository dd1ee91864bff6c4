package dev.fenced.tck.deployment.locks.leasekey;

import dev.fenced.locks.OnOneInstance;
import jakarta.enterprise.context.ApplicationScoped;

/** A job whose lease is {@code tck:export:owner}. */
@ApplicationScoped
public class Invoices {

  /** Runs. */
  @OnOneInstance(key = "tck:export")
  public void run() {}
}
