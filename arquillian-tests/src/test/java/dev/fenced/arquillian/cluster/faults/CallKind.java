package dev.fenced.arquillian.cluster.faults;

import dev.fenced.arquillian.cluster.ClusterMember;
import dev.fenced.arquillian.cluster.faults.app.CommitCrash;
import dev.fenced.arquillian.cluster.faults.app.GuardedBean;
import dev.fenced.arquillian.cluster.faults.app.GuardedEjb;
import dev.fenced.arquillian.cluster.faults.app.GuardedResource;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * The kinds of guarded call the crash-after-commit scenario halts a server in, and how a client
 * calls each over HTTP: the EJB and the CDI bean through {@code api/crash-calls/<kind>/<key>} (200
 * with the call's value), the JAX-RS resource at {@code api/crash-resource} with an {@code
 * Idempotency-Key} (201). Every value is {@code <member>:<run id>}, naming the member whose run it
 * is.
 */
enum CallKind {
  /** {@code @Stateless} EJB method, container-managed transaction. */
  EJB(GuardedEjb.KIND, 200),
  /** {@code @ApplicationScoped} CDI bean method, {@code @Transactional}. */
  CDI(GuardedBean.KIND, 200),
  /** {@code @Transactional} JAX-RS resource method, HTTP semantics. */
  JAX_RS(GuardedResource.KIND, 201);

  private final String name;
  private final int status;

  CallKind(String name, int status) {
    this.name = name;
    this.status = status;
  }

  /** Its name in the business table and the expectations, e.g. {@code ejb}. */
  String id() {
    return name;
  }

  /**
   * Calls it on {@code member} with {@code key}.
   *
   * @param member where to
   * @param key the idempotency key
   * @param crash whether to ask for the halt after the commit
   * @param timeout how long to wait for the answer
   * @return the answer, or {@link Answer#none} when none came (the server died)
   * @throws InterruptedException when interrupted
   */
  Answer call(ClusterMember member, String key, boolean crash, Duration timeout)
      throws InterruptedException {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(
                member.uri(
                    this == JAX_RS ? "api/crash-resource" : "api/crash-calls/" + name + "/" + key))
            .timeout(timeout)
            .POST(HttpRequest.BodyPublishers.noBody());
    if (this == JAX_RS) {
      request.header("Idempotency-Key", key);
    }
    if (crash) {
      request.header(CommitCrash.HEADER, CommitCrash.AFTER_COMMIT);
    }
    long start = System.nanoTime();
    try {
      HttpResponse<byte[]> response =
          ClusterMember.HTTP.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
      return Answer.of(key, member, response, (System.nanoTime() - start) / 1_000_000);
    } catch (IOException e) {
      return Answer.none(key, member, e);
    }
  }

  /** Whether {@code answer} is the call's value (a run's or a replay's), not a refusal. */
  boolean outcome(Answer answer) {
    return answer.status() == status;
  }

  /** The member whose run {@code answer}'s value is. */
  static String ranOn(Answer answer) {
    String text = answer.text();
    int colon = text.indexOf(':');
    return colon < 0 ? "?" : text.substring(0, colon);
  }

  @Override
  public String toString() {
    return name;
  }
}
