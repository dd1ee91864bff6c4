package dev.fenced;

import static java.util.Map.entry;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class DeploymentProblemTest {

  /**
   * Every id ever given out, with the constant it names. An entry is never changed or removed: a
   * retired problem keeps its id here, so that no later problem takes it.
   */
  private static final Map<String, String> RELEASED =
      Map.ofEntries(
          entry("FENCED-D001", "MEMBER_DURATION_INVALID"),
          entry("FENCED-D002", "MEMBER_VALUE_INVALID"),
          entry("FENCED-D003", "KEY_PARAMETER_ON_RESOURCE_METHOD"),
          entry("FENCED-D004", "KEY_PARAMETER_MISSING"),
          entry("FENCED-D005", "KEY_PARAMETER_REPEATED"),
          entry("FENCED-D006", "KEY_PATH_UNREADABLE"),
          entry("FENCED-D007", "RETURN_TYPE_NOT_STORABLE"),
          entry("FENCED-D008", "REPLAY_HEADERS_SET_COOKIE"),
          entry("FENCED-D009", "SCOPE_RESOLVER_MISSING"),
          entry("FENCED-D010", "SCOPE_RESOLVER_AMBIGUOUS"),
          entry("FENCED-D011", "ELECTION_KEY_EMPTY"),
          entry("FENCED-D012", "ELECTION_WITHOUT_CALLBACK"),
          entry("FENCED-D013", "ELECTION_NOT_APPLICATION_SCOPED"),
          entry("FENCED-D014", "LOCK_NAME_SHARED"),
          entry("FENCED-D015", "IGNORED_FIELD_INVALID"),
          entry("FENCED-D016", "FINGERPRINT_MEMBER_NOT_HTTP"),
          entry("FENCED-D017", "BODY_FINGERPRINT_WITH_IGNORED_FIELDS"),
          entry("FENCED-D018", "BODY_FINGERPRINT_BEAN_NOT_ONE"),
          entry("FENCED-D019", "GRAPHQL_QUERY_GUARDED"),
          entry("FENCED-D020", "GRAPHQL_KEY_ARGUMENT_NOT_STRING"),
          entry("FENCED-D021", "GRAPHQL_MODULE_MISSING"),
          entry("FENCED-D022", "STORE_STATUSES_NOT_HTTP"),
          entry("FENCED-D023", "STORE_ON_NOT_REBUILDABLE"),
          entry("FENCED-D024", "STORE_ON_WITH_FAULT_TOLERANCE"),
          entry("FENCED-D025", "REPLAY_HEADERS_HOP_BY_HOP"),
          entry("FENCED-D026", "KEY_SOURCE_INVALID"),
          entry("FENCED-D100", "CONFIG_UNAVAILABLE"),
          entry("FENCED-D101", "CONFIG_DURATION_INVALID"),
          entry("FENCED-D102", "CONFIG_SIZE_INVALID"),
          entry("FENCED-D103", "CONFIG_VALUE_INVALID"),
          entry("FENCED-D104", "HEADER_EMPTY"),
          entry("FENCED-D105", "INSIDE_FAULT_TOLERANCE"),
          entry("FENCED-D106", "RUNTIME_NOT_FOUND"),
          entry("FENCED-D201", "STORE_AMBIGUOUS"),
          entry("FENCED-D202", "STORE_MODULE_MISSING"),
          entry("FENCED-D203", "STORE_UNKNOWN"),
          entry("FENCED-D204", "MEMORY_STORE_IN_PRODUCTION"),
          entry("FENCED-D205", "COMMIT_WITH_WORK_UNSUPPORTED"),
          entry("FENCED-D206", "STORE_NOT_SET_UP"),
          entry("FENCED-D207", "COMMIT_WITH_WORK_ISOLATION"),
          entry("FENCED-D301", "ENCRYPTION_KEYS_INVALID"),
          entry("FENCED-D401", "STORE_SETTING_INVALID"),
          entry("FENCED-D402", "JPA_ENTITY_MANAGER_FACTORY_MISSING"),
          entry("FENCED-D403", "REDIS_URL_MISSING"),
          entry("FENCED-D404", "REDIS_KEY_PREFIX_INVALID"),
          entry("FENCED-D405", "REDIS_SENTINEL_MASTER_MISSING"),
          entry("FENCED-D406", "REDIS_CLIENT_TWICE"),
          entry("FENCED-D407", "REDIS_CLIENT_AMBIGUOUS"));

  private static final Pattern ID = Pattern.compile("FENCED-D[0-9]{3}");

  @Test
  void every_id_is_fenced_d_and_three_digits() {
    for (DeploymentProblem problem : DeploymentProblem.values()) {
      assertThat(problem.id()).as(problem.name()).matches(ID);
    }
  }

  @Test
  void no_two_problems_share_an_id() {
    assertThat(Arrays.stream(DeploymentProblem.values()).map(DeploymentProblem::id))
        .doesNotHaveDuplicates();
  }

  @Test
  void every_id_keeps_the_problem_it_was_given_to() {
    for (DeploymentProblem problem : DeploymentProblem.values()) {
      assertThat(RELEASED.get(problem.id()))
          .as(
              "%s has %s; a new problem takes an id no one had and is added to RELEASED",
              problem, problem.id())
          .isEqualTo(problem.name());
    }
  }

  @Test
  void a_pattern_has_only_string_placeholders() {
    for (DeploymentProblem problem : DeploymentProblem.values()) {
      assertThat(problem.pattern().replace("%s", "")).as(problem.name()).doesNotContain("%");
    }
  }

  @Test
  void a_message_starts_with_the_id_and_fills_the_pattern() {
    assertThat(
            DeploymentProblem.ELECTION_NOT_APPLICATION_SCOPED.format(
                "com.example.Feed", "Dependent"))
        .startsWith("FENCED-D013: com.example.Feed: a @LeaderElection bean must be")
        .contains("it is @Dependent.");
  }

  @Test
  void the_error_guide_lists_every_problem() throws IOException {
    Set<String> documented = documentedIds();
    for (DeploymentProblem problem : DeploymentProblem.values()) {
      assertThat(documented)
          .as("docs/guide/errors.md lists " + problem.id())
          .contains(problem.id());
    }
  }

  @Test
  void the_error_guide_lists_only_ids_that_exist() throws IOException {
    assertThat(RELEASED.keySet()).containsAll(documentedIds());
  }

  /** The ids in the first column of the guide's tables. */
  private static Set<String> documentedIds() throws IOException {
    Set<String> ids = new TreeSet<>();
    for (String line : Files.readAllLines(errorGuide())) {
      Matcher row = Pattern.compile("^\\| `(FENCED-D[0-9]{3})`").matcher(line);
      if (row.find()) {
        ids.add(row.group(1));
      }
    }
    assertThat(ids).as("ids in docs/guide/errors.md").isNotEmpty();
    return ids;
  }

  private static Path errorGuide() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path guide = dir.resolve("docs/guide/errors.md");
      if (Files.isRegularFile(guide)) {
        return guide;
      }
    }
    throw new AssertionError(
        "docs/guide/errors.md not found above " + Path.of("").toAbsolutePath());
  }
}
