package dev.fenced.tck.deployed;

import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/** Runs a call on another thread of the server's default managed executor. */
@ApplicationScoped
public class Background {

  @Resource(lookup = "java:comp/DefaultManagedExecutorService")
  ManagedExecutorService executor;

  /**
   * Starts {@code work} on another thread.
   *
   * @param work the call
   * @param <T> its result type
   * @return its future result; completed exceptionally with what it threw
   */
  public <T> CompletableFuture<T> start(Callable<T> work) {
    return CompletableFuture.supplyAsync(
        () -> {
          try {
            return work.call();
          } catch (RuntimeException e) {
            throw e;
          } catch (Exception e) {
            throw new CompletionException(e);
          }
        },
        executor);
  }
}
