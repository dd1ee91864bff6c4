package dev.fenced.cdi.boot.check;

import dev.fenced.DeploymentProblem;
import java.util.Optional;

/**
 * Checks that the {@code bodyFingerprint} of a guarded resource method names exactly one CDI bean
 * ({@code @Named}) implementing {@code RequestBodyFingerprint}, unless it is empty.
 */
public final class BodyFingerprintCheck {

  private BodyFingerprintCheck() {}

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
