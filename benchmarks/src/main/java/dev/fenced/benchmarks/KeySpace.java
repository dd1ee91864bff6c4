package dev.fenced.benchmarks;

import java.util.UUID;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * One benchmark thread's keys: {@link #keysPerThread} keys that no other thread touches, visited in
 * turn (so an uncontended benchmark never meets another thread's row or hash, and a key comes back
 * only after the others), a fresh key on demand, and the thread's owner. Every name starts with
 * {@link #RUN} (one per JVM, so a trial's PostgreSQL rows can be deleted after it) and an id of the
 * thread's own, new every trial.
 */
@State(Scope.Thread)
public class KeySpace {

  /** Starts every key and lock name this JVM writes. */
  static final String RUN = "bench-" + UUID.randomUUID().toString().substring(0, 8) + "-";

  /** How many keys each thread cycles through. */
  @Param("1000")
  public int keysPerThread;

  String owner;
  private String prefix;
  private String[] keys;
  private String[] hashes;
  private int next;
  private long fresh;

  @Setup(Level.Trial)
  public void create() {
    prefix = RUN + UUID.randomUUID().toString().substring(0, 8) + "-";
    owner = "owner-" + prefix;
    keys = new String[keysPerThread];
    hashes = new String[keysPerThread];
    for (int i = 0; i < keysPerThread; i++) {
      keys[i] = prefix + i;
      hashes[i] = FencedStatement.keyHash(keys[i]);
    }
  }

  /** The index of the key this call uses: each of the thread's keys in turn. */
  int next() {
    int index = next;
    next = index + 1 == keys.length ? 0 : index + 1;
    return index;
  }

  /** The thread's key at {@code index}. */
  String key(int index) {
    return keys[index];
  }

  /** The PostgreSQL store's primary key of {@link #key(int)}. */
  String hash(int index) {
    return hashes[index];
  }

  /** How many keys the thread cycles through. */
  int size() {
    return keys.length;
  }

  /** A key never used before, for an operation that needs a new one each time. */
  String freshKey() {
    return prefix + "new-" + fresh++;
  }
}
