package dev.fenced.graphql;

import dev.fenced.ErrorCode;
import dev.fenced.cdi.call.FailureOutcomes;
import dev.fenced.cdi.call.MutationField;
import dev.fenced.idempotency.IdempotencyException;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;

/** One root field of a {@link RunningOperation}, handed to the guarded mutation that runs it. */
final class OperationField implements MutationField {

  private final RunningOperation operation;
  private final String responseKey;

  /**
   * @param operation the operation it belongs to
   * @param responseKey its response key
   */
  OperationField(RunningOperation operation, String responseKey) {
    this.operation = operation;
    this.responseKey = responseKey;
  }

  @Override
  public String responseKey() {
    return responseKey;
  }

  @Override
  public Optional<String> header(String name) {
    return operation.header(name);
  }

  @Override
  public Exception refusal(IdempotencyException refusal, Duration retryAfter) {
    ErrorCode code = refusal.code();
    OptionalLong seconds =
        code == ErrorCode.IDEMPOTENCY_KEY_IN_USE
            ? OptionalLong.of(Math.max(1, (retryAfter.toMillis() + 999) / 1000))
            : OptionalLong.empty();
    operation.refused(responseKey, new Refusal(code.name(), code.httpStatus(), seconds));
    return new GraphqlRefusal(code, refusal.getMessage());
  }

  @Override
  public FailureOutcomes failures() {
    return ShownErrors.INSTANCE;
  }
}
