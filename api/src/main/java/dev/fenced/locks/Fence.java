package dev.fenced.locks;

/**
 * The protected resource's side of fencing: admits a write only when its fencing token is not lower
 * than any token already admitted for that resource, in the transaction of the write itself.
 *
 * <p>A lease is not a mutex: a holder paused by a garbage collection or cut off by a partition can
 * wake up and write after another instance took its lock over. Fencing tokens grow with every
 * acquisition of a key, so the resource can tell the two apart. Call {@link #admit} in the
 * transaction that makes the guarded write, before or after the write:
 *
 * <ul>
 *   <li>the check and the recorded high-water mark commit or roll back with that write;
 *   <li>a token lower than the resource's high-water mark throws {@link
 *       StaleFencingTokenException}, which rolls the transaction back, so the stale write never
 *       commits;
 *   <li>the same token is admitted again and again: one run makes many writes;
 *   <li>two transactions admitting tokens for one resource at once are ordered by the store: the
 *       lower one waits, and fails if the higher one commits.
 * </ul>
 *
 * <p>Use one lock key per resource: tokens are compared only with those of the same key's holders
 * (the Redis lock store counts tokens per key). An implementation needs an active transaction and
 * throws {@link IllegalStateException} without one.
 */
public interface Fence {

  /**
   * Admits a write to {@code resource} with {@code fencingToken}, in the caller's transaction.
   *
   * @param resource the protected resource, 1 to 255 characters, the same name for every writer
   * @param fencingToken the writer's fencing token, positive
   * @throws StaleFencingTokenException when a higher token was admitted for {@code resource}: the
   *     transaction is marked for rollback and the write must not happen
   * @throws IllegalStateException when no transaction is active
   * @throws IllegalArgumentException when {@code resource} or {@code fencingToken} is out of range
   */
  void admit(String resource, long fencingToken);

  /**
   * Admits a write to {@code resource} with the fencing token of the guarded run on this thread
   * ({@link LocksContext#fencingToken()}).
   *
   * @param resource the protected resource
   * @param run the injected {@link LocksContext}
   * @throws StaleFencingTokenException as {@link #admit(String, long)}
   * @throws IllegalStateException outside a guarded run, or when no transaction is active
   */
  default void admit(String resource, LocksContext run) {
    admit(
        resource,
        run.fencingToken()
            .orElseThrow(
                () ->
                    new IllegalStateException(
                        "no guarded run on this thread: admit the current run's fencing token only"
                            + " inside an @OnOneInstance or @WithoutOverlapping job or a"
                            + " Locks.withLock callable, or pass a token")));
  }
}
