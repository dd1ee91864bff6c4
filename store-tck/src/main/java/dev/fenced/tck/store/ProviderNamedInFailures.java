package dev.fenced.tck.store;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;

/**
 * Puts the provider's test class in front of a failed contract assertion. The tests of a
 * {@code @Nested} group are reported under the contract's own class ({@code
 * IdempotencyStoreContract$Races}) whichever provider ran them, so without this a failure line of a
 * module that runs several providers would not say which store failed. A test of a rule marked
 * {@link RuleSince} also names the store-TCK version that added the rule.
 */
final class ProviderNamedInFailures implements TestExecutionExceptionHandler {

  @Override
  public void handleTestExecutionException(ExtensionContext context, Throwable failure)
      throws Throwable {
    if (!(failure instanceof AssertionError)) {
      throw failure;
    }
    Object outermost = context.getRequiredTestInstances().getAllInstances().get(0);
    String provider = outermost.getClass().getName();
    if (String.valueOf(failure.getMessage()).startsWith(provider)) {
      throw failure;
    }
    AssertionError named =
        new AssertionError(provider + ": " + failure.getMessage() + since(context), failure);
    named.setStackTrace(failure.getStackTrace());
    throw named;
  }

  /** Where the test or its group carries {@link RuleSince}: the version that added the rule. */
  private static String since(ExtensionContext context) {
    RuleSince since = context.getRequiredTestMethod().getAnnotation(RuleSince.class);
    for (Class<?> type = context.getRequiredTestClass();
        since == null && type != null;
        type = type.getEnclosingClass()) {
      since = type.getAnnotation(RuleSince.class);
    }
    return since == null
        ? ""
        : " (a rule of store TCK "
            + since.value()
            + ": see \"Changes for store vendors\" in the store TCK's README)";
  }
}
