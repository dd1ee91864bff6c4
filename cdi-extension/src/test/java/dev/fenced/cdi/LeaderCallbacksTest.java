package dev.fenced.cdi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.locks.LeadershipAcquired;
import dev.fenced.locks.LeadershipLost;
import dev.fenced.locks.LeadershipLost.Reason;
import dev.fenced.locks.Lock;
import dev.fenced.locks.LockLost;
import dev.fenced.locks.OnLeadershipAcquired;
import dev.fenced.locks.OnLeadershipLost;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class LeaderCallbacksTest {

  private final List<String> seen = new ArrayList<>();

  private final class Feed implements OnLeadershipAcquired, OnLeadershipLost {
    @Override
    public void onLeadershipAcquired(Lock lease) {
      seen.add("bean acquired " + lease.fencingToken());
    }

    @Override
    public void onLeadershipLost(Reason reason) {
      seen.add("bean lost " + reason);
    }
  }

  private void event(Object event) {
    if (event instanceof LeadershipAcquired acquired) {
      seen.add("event acquired " + acquired.fencingToken());
    } else if (event instanceof LeadershipLost lost) {
      seen.add("event lost " + lost.reason());
    }
  }

  @Test
  void the_acquired_event_comes_before_the_callback_and_the_lost_event_after_it() {
    LeaderCallbacks callbacks = new LeaderCallbacks("feed", Feed::new, this::event);

    callbacks.onLeadershipAcquired(new FixedLock(7));
    callbacks.onLeadershipLost(Reason.SHUTDOWN);

    assertThat(seen)
        .containsExactly(
            "event acquired 7", "bean acquired 7", "bean lost SHUTDOWN", "event lost SHUTDOWN");
  }

  @Test
  void a_bean_with_only_the_lost_callback_still_fires_both_events() {
    OnLeadershipLost onlyLost = reason -> seen.add("bean lost " + reason);
    LeaderCallbacks callbacks = new LeaderCallbacks("feed", () -> onlyLost, this::event);

    callbacks.onLeadershipAcquired(new FixedLock(3));
    callbacks.onLeadershipLost(Reason.LOST);

    assertThat(seen).containsExactly("event acquired 3", "bean lost LOST", "event lost LOST");
  }

  @Test
  void a_throwing_observer_does_not_keep_the_bean_from_its_callback() {
    Consumer<Object> throwing =
        e -> {
          throw new IllegalStateException("observer");
        };
    LeaderCallbacks callbacks = new LeaderCallbacks("feed", Feed::new, throwing);

    callbacks.onLeadershipAcquired(new FixedLock(1));

    assertThat(seen).containsExactly("bean acquired 1");
  }

  @Test
  void a_throwing_lost_callback_still_fires_the_lost_event() {
    OnLeadershipLost failing =
        reason -> {
          throw new IllegalStateException("callback");
        };
    LeaderCallbacks callbacks = new LeaderCallbacks("feed", () -> failing, this::event);

    assertThatThrownBy(() -> callbacks.onLeadershipLost(Reason.LOST)).hasMessage("callback");
    assertThat(seen).containsExactly("event lost LOST");
  }

  private record FixedLock(long fencingToken) implements Lock {
    @Override
    public String key() {
      return "feed";
    }

    @Override
    public String owner() {
      return "o";
    }

    @Override
    public boolean isHeld() {
      return true;
    }

    @Override
    public void onLost(Consumer<LockLost> listener) {}

    @Override
    public void close() {}
  }
}
