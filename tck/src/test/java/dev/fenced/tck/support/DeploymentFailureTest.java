package dev.fenced.tck.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.fenced.DeploymentProblem;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.jboss.arquillian.container.test.api.Deployer;
import org.junit.jupiter.api.Test;

class DeploymentFailureTest {

  private static final String METHOD = DeploymentFailureTest.class.getName() + ".build";
  private static final String PROBLEM =
      "FENCED-D001: " + METHOD + ": invalid ttl \"12x\" (from @Idempotent(ttl) on " + METHOD + ")";

  @Test
  void a_fragment_of_the_error_passes() {
    DeploymentFailure failure =
        DeploymentFailure.of(failing(new IllegalStateException(PROBLEM)), "d");

    failure
        .reports(DeploymentProblem.MEMBER_DURATION_INVALID)
        .names("@Idempotent(ttl)", "\"12x\"")
        .namesMethod(DeploymentFailureTest.class, "build");
  }

  @Test
  void a_fragment_the_error_does_not_hold_fails_the_test() {
    DeploymentFailure failure =
        DeploymentFailure.of(failing(new IllegalStateException(PROBLEM)), "d");

    assertThatThrownBy(() -> failure.names("@Idempotent(lockTtl)"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("@Idempotent(lockTtl)")
        .hasMessageContaining(PROBLEM);
    assertThatThrownBy(() -> failure.reports(DeploymentProblem.MEMBER_VALUE_INVALID))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("FENCED-D002:");
  }

  @Test
  void a_method_the_error_does_not_name_fails_the_test() {
    DeploymentFailure failure =
        DeploymentFailure.of(failing(new IllegalStateException(PROBLEM)), "d");

    assertThatThrownBy(() -> failure.namesMethod(String.class, "length"))
        .isInstanceOf(AssertionError.class);
  }

  @Test
  void causes_and_suppressed_exceptions_are_read() {
    Exception top = new RuntimeException("Cannot deploy", new IllegalStateException("cause text"));
    top.addSuppressed(new IllegalArgumentException("suppressed text"));

    DeploymentFailure.of(failing(top), "d").names("Cannot deploy", "cause text", "suppressed text");
  }

  @Test
  void a_checked_exception_thrown_undeclared_is_caught() {
    DeploymentFailure.of(failing(new Exception("checked " + PROBLEM)), "d").names("checked");
  }

  @Test
  void wildfly_escaped_quotes_are_read_as_quotes() {
    Exception wildfly = new Exception("{\"failed\" => \"invalid ttl \\\"12x\\\"\"}");

    DeploymentFailure.of(failing(wildfly), "d").names("invalid ttl \"12x\"");
  }

  @Test
  void a_deployment_that_succeeds_fails_the_test_and_is_undeployed() {
    RecordingDeployer deployer = new RecordingDeployer(null);

    assertThatThrownBy(() -> DeploymentFailure.of(deployer, "d"))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("succeeded");
    assertThat(deployer.calls).containsExactly("deploy d", "undeploy d");
  }

  @Test
  void a_shown_secret_fails_the_test_without_repeating_it() {
    DeploymentFailure failure =
        DeploymentFailure.of(failing(new IllegalStateException("key s3cret is short")), "d");

    assertThatThrownBy(() -> failure.doesNotName("s3cret"))
        .isInstanceOf(AssertionError.class)
        .extracting(Throwable::getMessage)
        .asString()
        .doesNotContain("s3cret");
    failure.doesNotName("another");
  }

  private static Deployer failing(Exception failure) {
    return new RecordingDeployer(failure);
  }

  /** Throws its failure from {@code deploy}, even a checked one, as Arquillian's adapters do. */
  private static final class RecordingDeployer implements Deployer {

    private final Exception failure;
    final List<String> calls = new ArrayList<>();

    RecordingDeployer(Exception failure) {
      this.failure = failure;
    }

    @Override
    public void deploy(String name) {
      calls.add("deploy " + name);
      if (failure != null) {
        RecordingDeployer.<RuntimeException>sneaky(failure);
      }
    }

    @SuppressWarnings("unchecked")
    private static <T extends Exception> void sneaky(Exception e) throws T {
      throw (T) e;
    }

    @Override
    public void undeploy(String name) {
      calls.add("undeploy " + name);
    }

    @Override
    public InputStream getDeployment(String name) {
      throw new UnsupportedOperationException();
    }
  }
}
