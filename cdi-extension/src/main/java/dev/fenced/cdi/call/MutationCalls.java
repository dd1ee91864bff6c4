package dev.fenced.cdi.call;

import dev.fenced.cdi.model.IdempotentMethod;
import dev.fenced.idempotency.IdempotencyException;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Supplier;

/**
 * Runs a guarded GraphQL mutation once per key and field: finds the field of the operation it runs
 * for, reads its key (its key argument, or the request header), and runs it as a call whose
 * refusals are GraphQL errors on that field. A mutation that runs outside a GraphQL request that
 * {@code fenced-graphql} read (over a transport it does not see) is refused, never run unguarded.
 */
public final class MutationCalls {

  private final CallFactory factory;
  private final CallRunner runner;
  private final IdempotencyEvents events;
  private final Supplier<GraphqlRequests> requests;

  /**
   * Creates the runner of mutations.
   *
   * @param factory resolves the calls
   * @param runner runs them once per key
   * @param events hears refusals before a call is resolved
   * @param requests the GraphQL requests, looked up when a mutation runs
   */
  public MutationCalls(
      CallFactory factory,
      CallRunner runner,
      IdempotencyEvents events,
      Supplier<GraphqlRequests> requests) {
    this.factory = Objects.requireNonNull(factory, "factory");
    this.runner = Objects.requireNonNull(runner, "runner");
    this.events = Objects.requireNonNull(events, "events");
    this.requests = Objects.requireNonNull(requests, "requests");
  }

  /**
   * Runs a mutation.
   *
   * @param method its model, of the {@link IdempotentMethod.Mutation} kind
   * @param args its arguments
   * @param work the method
   * @param witness sees its body inside Fault Tolerance, or {@code null}
   * @return what it returned, or the stored outcome
   * @throws Exception a GraphQL error for a refusal, what the method threw, or a replayed error
   */
  public Object run(IdempotentMethod method, Object[] args, Callable<?> work, BodyWitness witness)
      throws Exception {
    IdempotentMethod.Mutation mutation = method.mutation();
    MutationField field =
        requests
            .get()
            .nextField(mutation.fieldName())
            .orElseThrow(
                () ->
                    new IllegalStateException(
                        "The @Idempotent mutation "
                            + method.target()
                            + " (field "
                            + mutation.fieldName()
                            + ") ran outside a GraphQL request that fenced-graphql read (not an"
                            + " HTTP request to the GraphQL endpoint, or a field the operation"
                            + " does not hold); it was refused and did not run"));
    Optional<String> key;
    try {
      key = factory.mutationKey(mutation, args, field);
    } catch (IdempotencyException e) {
      events.rejected(CallFactory.target(mutation), null, e.code());
      throw field.refusal(e, mutation.retryAfter());
    }
    if (key.isEmpty()) {
      return work.call();
    }
    try {
      return runner.run(factory.forMutation(method, args, key.get(), field), work, witness);
    } catch (IdempotencyException e) {
      throw field.refusal(e, mutation.retryAfter());
    }
  }
}
