package dev.fenced.tck.idempotent.async;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.core.Response;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The responses that asynchronous resource methods left pending, by the test's tag, until the test
 * completes or fails them. No thread waits meanwhile: the request is suspended.
 */
@ApplicationScoped
public class PendingResponses {

  private final ConcurrentMap<String, CompletableFuture<Response>> stages =
      new ConcurrentHashMap<>();
  private final ConcurrentMap<String, AsyncResponse> suspended = new ConcurrentHashMap<>();

  /**
   * A new pending stage for {@code tag}.
   *
   * @param tag the test's tag
   * @return the stage the resource method returns
   */
  CompletableFuture<Response> stage(String tag) {
    CompletableFuture<Response> stage = new CompletableFuture<>();
    stages.put(tag, stage);
    return stage;
  }

  /**
   * Keeps a suspended response for {@code tag}.
   *
   * @param tag the test's tag
   * @param response the suspended response
   */
  void suspend(String tag, AsyncResponse response) {
    suspended.put(tag, response);
  }

  /**
   * Whether a response is pending for {@code tag}.
   *
   * @param tag the test's tag
   * @return {@code true} while a request waits for the test
   */
  boolean pending(String tag) {
    CompletableFuture<Response> stage = stages.get(tag);
    AsyncResponse response = suspended.get(tag);
    return (stage != null && !stage.isDone()) || (response != null && response.isSuspended());
  }

  /**
   * Completes the pending response of {@code tag}.
   *
   * @param tag the test's tag
   * @param response what the client gets
   * @return whether a response was pending
   */
  boolean complete(String tag, Response response) {
    CompletableFuture<Response> stage = stages.remove(tag);
    if (stage != null) {
      return stage.complete(response);
    }
    AsyncResponse suspendedResponse = suspended.remove(tag);
    return suspendedResponse != null && suspendedResponse.resume(response);
  }

  /**
   * Fails the pending response of {@code tag} with an exception no mapper handles.
   *
   * @param tag the test's tag
   * @return whether a response was pending
   */
  boolean fail(String tag) {
    IllegalStateException failure = new IllegalStateException("failed by the test: " + tag);
    CompletableFuture<Response> stage = stages.remove(tag);
    if (stage != null) {
      return stage.completeExceptionally(failure);
    }
    AsyncResponse suspendedResponse = suspended.remove(tag);
    return suspendedResponse != null && suspendedResponse.resume(failure);
  }
}
