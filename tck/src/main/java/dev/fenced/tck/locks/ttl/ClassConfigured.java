package dev.fenced.tck.locks.ttl;

import dev.fenced.locks.OnOneInstance;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * A job whose lease ttl comes from the class-level config key {@code <class>/OnOneInstance/ttl}.
 */
@ApplicationScoped
public class ClassConfigured {

  /** The job's key. */
  public static final String KEY = "tck:ttl:class";

  /** Runs under a lease with the class's configured ttl. */
  @OnOneInstance(key = KEY, ttl = "4s")
  public void job() {}
}
