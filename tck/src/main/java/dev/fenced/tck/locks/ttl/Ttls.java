package dev.fenced.tck.locks.ttl;

import dev.fenced.locks.OnOneInstance;
import dev.fenced.locks.WithoutOverlapping;
import jakarta.enterprise.context.ApplicationScoped;

/** Jobs whose ttl comes from the annotation, a per-method config key, or the global default. */
@ApplicationScoped
public class Ttls {

  /** The run lock of {@link #annotated()}: ttl {@code 4s} from the annotation. */
  public static final String ANNOTATED = "tck:ttl:annotated";

  /** The run lock of {@link #overridden()}: {@code 4s} in the annotation, {@code 7s} in config. */
  public static final String OVERRIDDEN = "tck:ttl:overridden";

  /** The job of {@link #inherited()}: no ttl, so {@code fenced.locks.ttl}. */
  public static final String INHERITED = "tck:ttl:inherited";

  /** Runs under a run lock with the annotation's ttl. */
  @WithoutOverlapping(key = ANNOTATED, ttl = "4s")
  public void annotated() {}

  /** Runs under a run lock whose ttl config overrides. */
  @WithoutOverlapping(key = OVERRIDDEN, ttl = "4s")
  public void overridden() {}

  /** Runs under a lease with the global ttl. */
  @OnOneInstance(key = INHERITED)
  public void inherited() {}
}
