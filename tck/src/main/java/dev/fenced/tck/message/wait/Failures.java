package dev.fenced.tck.message.wait;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** Makes the next run of a key fail, once. */
@ApplicationScoped
public class Failures {

  private final Set<String> pending = ConcurrentHashMap.newKeySet();

  /**
   * Makes the next run of {@code key} fail.
   *
   * @param key the key
   */
  public void failNext(String key) {
    pending.add(key);
  }

  /**
   * Whether this run of {@code key} must fail; true once per {@link #failNext}.
   *
   * @param key the key
   * @return whether to fail
   */
  public boolean take(String key) {
    return pending.remove(key);
  }
}
