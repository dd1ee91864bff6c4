package dev.fenced.cdi.config;

import dev.fenced.DeploymentProblem;
import dev.fenced.ErrorCode;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * What the {@code type} URI of every problem Fenced answers with starts with ({@value #KEY}), read
 * once at deployment: the error code follows, in lower case with hyphens ({@code
 * ...#idempotency-key-in-use}). The default is the page of problem types in Fenced's repository; an
 * application that documents its errors itself points it at its own pages.
 *
 * @param uri an absolute URI, used as written: end it with {@code #} or {@code /} as the page's
 *     anchors or paths need
 */
public record ProblemTypeBase(String uri) {

  /** The key. */
  public static final String KEY = "fenced.problem-type-base";

  /** The default: the page of problem types in Fenced's repository. */
  public static final ProblemTypeBase DEFAULT =
      new ProblemTypeBase("https://github.com/fenced-dev/fenced/blob/main/docs/problems.md#");

  private static final String WHAT_IT_MUST_BE =
      "an absolute URI that each problem's code follows, such as"
          + " https://docs.example.com/problems# (or leave it unset for Fenced's page)";

  /**
   * Checks the URI.
   *
   * @param uri an absolute URI
   * @throws IllegalArgumentException when {@code uri} is not one, naming {@value #KEY}
   */
  public ProblemTypeBase {
    Objects.requireNonNull(uri, "uri");
    if (!absolute(uri)) {
      throw new IllegalArgumentException(KEY + ": " + uri + " is not an absolute URI");
    }
  }

  /**
   * The configured base, or {@link #DEFAULT} when unset or invalid (see {@link #problems}).
   *
   * @param config the application's config
   * @return the base
   */
  public static ProblemTypeBase of(ConfigLookup config) {
    return config
        .value(KEY)
        .map(String::strip)
        .filter(ProblemTypeBase::absolute)
        .map(ProblemTypeBase::new)
        .orElse(DEFAULT);
  }

  /**
   * The deployment problem of a configured base that is not an absolute URI.
   *
   * @param config the application's config
   * @return the problem naming the key and the value, or nothing when unset or valid
   */
  public static List<String> problems(ConfigLookup config) {
    return config
        .value(KEY)
        .filter(value -> !absolute(value.strip()))
        .map(value -> DeploymentProblem.CONFIG_VALUE_INVALID.format(KEY, value, WHAT_IT_MUST_BE))
        .stream()
        .toList();
  }

  /**
   * The {@code type} of a code's problem.
   *
   * @param code the code
   * @return the base followed by the code in lower case with hyphens
   */
  public String typeOf(ErrorCode code) {
    return uri + code.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  private static boolean absolute(String uri) {
    try {
      return !uri.isEmpty() && new URI(uri).isAbsolute();
    } catch (URISyntaxException e) {
      return false;
    }
  }
}
