package dev.fenced.cdi.boot.check;

import dev.fenced.DeploymentProblem;
import dev.fenced.cdi.model.IdempotentMethod;
import dev.fenced.idempotency.RequestBodyFingerprint;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Checks that the {@code bodyFingerprint} of a guarded resource method names exactly one CDI bean
 * ({@code @Named}) implementing {@code RequestBodyFingerprint}, unless it is empty.
 */
public final class BodyFingerprintCheck implements DeploymentCheck {

  @Override
  public List<String> problems(Deployment deployment) {
    List<String> problems = new ArrayList<>();
    for (IdempotentMethod method : deployment.idempotentMethods()) {
      if (method.kind() instanceof IdempotentMethod.Http http) {
        String name = http.bodyFingerprint();
        problem(
                method.target(),
                name,
                name.isEmpty() ? 0 : deployment.candidates(RequestBodyFingerprint.class, name))
            .ifPresent(problems::add);
      }
    }
    return problems;
  }

  /**
   * What is wrong with a method's body fingerprint.
   *
   * @param target the guarded method, {@code com.example.Upload.post}
   * @param name the bean's name, empty for none
   * @param candidates how many enabled beans of that type carry the name and cannot be told apart
   * @return the problem, or empty
   */
  public static Optional<String> problem(String target, String name, int candidates) {
    if (name.isEmpty() || candidates == 1) {
      return Optional.empty();
    }
    return Optional.of(
        DeploymentProblem.BODY_FINGERPRINT_BEAN_NOT_ONE.format(target, name, candidates, name));
  }
}
