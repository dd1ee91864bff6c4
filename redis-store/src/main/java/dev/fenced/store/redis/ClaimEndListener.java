package dev.fenced.store.redis;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.fenced.idempotency.spi.ClaimEndSignals.ClaimWatch;
import dev.fenced.store.spi.StoreUnavailableException;
import dev.fenced.store.support.ClaimWatches;
import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import redis.clients.jedis.BinaryJedisPubSub;
import redis.clients.jedis.UnifiedJedis;

/**
 * The one subscription of an idempotency store to its channel {@code <prefix>claim-ended}, on which
 * the scripts that end a waited-for claim publish the record's name ({@code claim-ended.lua}), and
 * the watches it wakes, by record name.
 *
 * <p>The subscription holds one connection of the client (from the pool of the one server, of the
 * current Sentinel primary, or of any one Cluster node, since a Cluster passes a {@code PUBLISH} to
 * every node), on a daemon thread named {@value #THREAD_NAME} that the first watch starts. The
 * first watch returns only once Redis confirmed the subscription, so no end published after it can
 * pass unheard. When the connection breaks, the thread subscribes again after 100 ms, doubling up
 * to 5 s; meanwhile a watch throws {@link StoreUnavailableException} (its caller polls), and once
 * the subscription is back every open watch is woken, since an end may have passed unheard.
 */
final class ClaimEndListener implements AutoCloseable {

  /** The listening thread's name. */
  static final String THREAD_NAME = "fenced-redis-claim-end-listener";

  private static final Logger LOG = System.getLogger(ClaimEndListener.class.getName());
  private static final Duration FIRST_RETRY = Duration.ofMillis(100);
  private static final Duration LAST_RETRY = Duration.ofSeconds(5);

  private enum State {
    /** No watch asked for the subscription yet. */
    IDLE,
    CONNECTING,
    LIVE,
    /** The connection broke; the thread waits before it subscribes again. */
    DOWN,
    CLOSED
  }

  private final UnifiedJedis jedis;
  private final byte[] channel;
  private final Duration timeout;
  private final ClaimWatches watches = new ClaimWatches();
  private final Object lock = new Object();

  // guarded by lock
  private State state = State.IDLE;
  private Subscription subscription;
  private Thread thread;
  private boolean wasLive;

  /**
   * @param jedis the store's client; the subscription borrows one of its connections
   * @param channel the store's channel ({@link RedisKeys#claimEndChannel})
   * @param timeout how long a watch waits for the subscription to be confirmed
   */
  ClaimEndListener(UnifiedJedis jedis, byte[] channel, Duration timeout) {
    this.jedis = jedis;
    this.channel = channel.clone();
    this.timeout = timeout;
  }

  /**
   * Registers {@code wakeUp} for the end of the claim on {@code record}, and returns once the
   * subscription is live.
   *
   * @param record the record's name, as the scripts publish it
   * @param wakeUp run on the listening thread for each end published for {@code record}
   * @return the watch, registered
   * @throws StoreUnavailableException when the subscription is not live within the timeout, or
   *     broke and waits to be made again
   */
  ClaimWatch listen(String record, Runnable wakeUp) {
    ClaimWatch watch = watches.add(record, wakeUp);
    try {
      awaitLive();
    } catch (RuntimeException e) {
      watch.close();
      throw e;
    }
    return watch;
  }

  private void awaitLive() {
    long deadline = System.nanoTime() + timeout.toNanos();
    synchronized (lock) {
      if (state == State.IDLE) {
        state = State.CONNECTING;
        thread = new Thread(this::listen, THREAD_NAME);
        thread.setDaemon(true);
        thread.start();
      }
      try {
        long left;
        while (state == State.CONNECTING && (left = deadline - System.nanoTime()) > 0) {
          TimeUnit.NANOSECONDS.timedWait(lock, left);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw unavailable("the wait for it was interrupted");
      }
      switch (state) {
        case LIVE:
          return;
        case CONNECTING:
          throw unavailable("Redis did not confirm it within " + timeout.toMillis() + " ms");
        case CLOSED:
          throw unavailable("the store is closed");
        default:
          throw unavailable("its connection broke; it is being made again");
      }
    }
  }

  private static StoreUnavailableException unavailable(String why) {
    return new StoreUnavailableException(
        "RedisIdempotencyStore: no subscription to the ends of claims ("
            + why
            + "); the waiting duplicate polls the store instead");
  }

  private void listen() {
    Duration retry = FIRST_RETRY;
    while (true) {
      Subscription current = new Subscription();
      synchronized (lock) {
        if (state == State.CLOSED) {
          return;
        }
        state = State.CONNECTING;
        subscription = current;
      }
      try {
        jedis.subscribe(current, channel);
      } catch (RuntimeException e) {
        LOG.log(
            current.confirmed ? Level.WARNING : Level.DEBUG,
            () ->
                "Fenced lost its Redis subscription to the ends of claims ("
                    + e
                    + "); waiting duplicates poll until it is back",
            e);
      }
      synchronized (lock) {
        if (state == State.CLOSED) {
          return;
        }
        state = State.DOWN;
        lock.notifyAll();
      }
      if (current.confirmed) {
        retry = FIRST_RETRY;
      }
      synchronized (lock) {
        // close() ends the wait with notifyAll: the thread is never interrupted, since an interrupt
        // can end Jedis's subscription loop with the UNSUBSCRIBE reply unread, and the connection
        // would go back to the pool with it
        if (state != State.CLOSED) {
          try {
            lock.wait(retry.toMillis());
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
          }
        }
      }
      retry = min(retry.multipliedBy(2), LAST_RETRY);
    }
  }

  private static Duration min(Duration a, Duration b) {
    return a.compareTo(b) <= 0 ? a : b;
  }

  /**
   * Stops the subscription and its thread, waiting for it at most the timeout; no watch is woken
   * after it returns, and a watch after it throws {@link StoreUnavailableException}.
   */
  @Override
  public void close() {
    Subscription current;
    Thread listening;
    synchronized (lock) {
      if (state == State.CLOSED) {
        return;
      }
      state = State.CLOSED;
      current = subscription;
      listening = thread;
      lock.notifyAll();
    }
    watches.closeAll();
    if (listening == null) {
      return;
    }
    if (current != null && current.isSubscribed()) {
      try {
        current.unsubscribe();
      } catch (RuntimeException e) {
        LOG.log(Level.DEBUG, "the claim-end subscription could not be ended cleanly", e);
      }
    }
    try {
      listening.join(timeout.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** One connection's subscription; a new one after each reconnect. */
  private final class Subscription extends BinaryJedisPubSub {

    /** Whether Redis confirmed it; read by the listening thread only. */
    private boolean confirmed;

    @Override
    public void onSubscribe(byte[] subscribed, int count) {
      boolean again;
      synchronized (lock) {
        if (state == State.CLOSED) {
          unsubscribe();
          return;
        }
        again = wasLive;
        wasLive = true;
        state = State.LIVE;
        lock.notifyAll();
      }
      confirmed = true;
      if (again) {
        // ends published while the connection was down went unheard: look again
        watches.wakeUpAll();
      }
      LOG.log(
          again ? Level.INFO : Level.DEBUG,
          "Fenced listens for the ends of claims on Redis channel " + new String(channel, UTF_8));
    }

    @Override
    public void onMessage(byte[] from, byte[] record) {
      watches.wakeUp(new String(record, UTF_8));
    }
  }
}
