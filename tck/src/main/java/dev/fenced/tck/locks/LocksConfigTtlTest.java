package dev.fenced.tck.locks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.fenced.locks.Lock;
import dev.fenced.locks.LockOptions;
import dev.fenced.locks.Locks;
import dev.fenced.tck.locks.common.LocksDeployment;
import dev.fenced.tck.locks.common.MapLockStore;
import dev.fenced.tck.locks.common.TckLockStore;
import dev.fenced.tck.locks.ttl.ClassConfigured;
import dev.fenced.tck.locks.ttl.Ttls;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The ttl a lock is acquired with, as the store receives it: the annotation's; a per-method config
 * key over it ({@code <class>/<method>/WithoutOverlapping/ttl}); a per-class one ({@code
 * <class>/OnOneInstance/ttl}); {@code fenced.locks.ttl} when nothing else sets one, also for {@code
 * Locks}; and {@code LockOptions.withTtl}. The deployment's store is {@link TckLockStore}.
 */
@ExtendWith(ArquillianExtension.class)
public class LocksConfigTtlTest {

  @Deployment
  public static WebArchive deployment() {
    return LocksDeployment.withTckStore("locks-config-ttl")
        .classes(Ttls.class, ClassConfigured.class)
        .config("fenced.locks.ttl", "5s")
        .config(Ttls.class.getName() + "/overridden/WithoutOverlapping/ttl", "7s")
        .config(ClassConfigured.class.getName() + "/OnOneInstance/ttl", "6s")
        .build();
  }

  @Inject Ttls ttls;
  @Inject ClassConfigured classConfigured;
  @Inject Locks locks;
  @Inject TckLockStore store;

  private long ttlOf(String key) {
    List<MapLockStore.Call> acquisitions = store.calls("acquire", key);
    assertFalse(acquisitions.isEmpty(), "the store never saw " + key);
    return acquisitions.get(acquisitions.size() - 1).ttlMillis();
  }

  @Test
  void the_annotation_sets_the_run_lock_ttl() {
    ttls.annotated();
    assertEquals(4_000, ttlOf(Ttls.ANNOTATED));
  }

  @Test
  void a_per_method_config_key_overrides_the_annotation() {
    ttls.overridden();
    assertEquals(7_000, ttlOf(Ttls.OVERRIDDEN));
  }

  @Test
  void a_per_class_config_key_overrides_the_annotation() {
    classConfigured.job();
    assertEquals(6_000, ttlOf(ClassConfigured.KEY + ":owner"));
  }

  @Test
  void without_a_ttl_a_job_lease_takes_fenced_locks_ttl() {
    ttls.inherited();
    assertEquals(5_000, ttlOf(Ttls.INHERITED + ":owner"));
  }

  @Test
  void locks_take_fenced_locks_ttl_unless_the_options_set_one() {
    String key = "tck:ttl:" + UUID.randomUUID();
    locks.tryAcquire(key).ifPresent(Lock::close);
    long byDefault = ttlOf(key);
    locks
        .tryAcquire(key, LockOptions.defaults().withTtl(Duration.ofMillis(1500)))
        .ifPresent(Lock::close);
    long chosen = ttlOf(key);

    assertEquals(5_000, byDefault, "default");
    assertEquals(1_500, chosen, "withTtl");
  }
}
