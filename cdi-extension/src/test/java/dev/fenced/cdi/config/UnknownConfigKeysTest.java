package dev.fenced.cdi.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class UnknownConfigKeysTest {

  @Test
  void a_typo_in_a_key_is_named_with_the_key_it_is_nearest() {
    assertThat(UnknownConfigKeys.warnings(List.of("fenced.idempotency.lock-tll")))
        .containsExactly(
            "Fenced reads no config key fenced.idempotency.lock-tll; did you mean"
                + " fenced.idempotency.lock-ttl? It is ignored: the keys are listed in the guide's"
                + " Configuration page");
  }

  @Test
  void a_key_near_no_known_key_is_named_without_a_guess() {
    assertThat(UnknownConfigKeys.warnings(List.of("fenced.locks.something-else")))
        .singleElement()
        .asString()
        .startsWith("Fenced reads no config key fenced.locks.something-else It is ignored");
  }

  @Test
  void a_top_level_typo_is_found_too() {
    assertThat(UnknownConfigKeys.warnings(List.of("fenced.problem-type-bse")))
        .singleElement()
        .asString()
        .contains("did you mean fenced.problem-type-base?");
  }

  @Test
  void known_keys_other_stores_keys_per_method_keys_and_other_libraries_keys_pass() {
    assertThat(
            UnknownConfigKeys.warnings(
                List.of(
                    "fenced.idempotency.lock-ttl",
                    "fenced.redis.pool.max-wait",
                    "fenced.mariadb.timeout",
                    "com.example.PaymentResource/pay/Idempotent/ttl",
                    "Idempotent/onConflict",
                    "mp.fault.tolerance.interceptor.priority",
                    "FENCED_IDEMPOTENCY_TTL")))
        .isEmpty();
  }

  @Test
  void the_known_keys_are_the_configuration_guides() throws IOException {
    String guide =
        Files.readString(Path.of("../docs/guide/configuration.md"), StandardCharsets.UTF_8);
    Set<String> documented = new TreeSet<>();
    Matcher row = Pattern.compile("(?m)^\\| ([^|]*) \\|").matcher(guide);
    while (row.find()) {
      Matcher key = Pattern.compile("`(fenced\\.[a-z.-]+)`").matcher(row.group(1));
      while (key.find()) {
        documented.add(key.group(1));
      }
    }

    assertThat(documented).hasSizeGreaterThan(40);
    assertThat(new TreeSet<>(UnknownConfigKeys.KNOWN)).isEqualTo(documented);
  }

  @Test
  void edits_count_insertions_deletions_and_substitutions() {
    assertThat(UnknownConfigKeys.edits("ttl", "ttl")).isZero();
    assertThat(UnknownConfigKeys.edits("tll", "ttl")).isEqualTo(1);
    assertThat(UnknownConfigKeys.edits("lockttl", "lock-ttl")).isEqualTo(1);
    assertThat(UnknownConfigKeys.edits("", "abc")).isEqualTo(3);
  }
}
