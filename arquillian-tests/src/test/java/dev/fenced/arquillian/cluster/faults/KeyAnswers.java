package dev.fenced.arquillian.cluster.faults;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.SoftAssertions;

/** The idempotency promise checked on the answers a scenario got, key by key. */
final class KeyAnswers {

  private KeyAnswers() {}

  /**
   * Checks that each key ran once: exactly one first answer (a 201 that is no replay), every other
   * 201 its byte-identical replay, every 409 with a {@code Retry-After}.
   *
   * @param softly where failures go
   * @param byKey the answers, by key
   * @return each key's first answer, for the keys that have exactly one
   */
  static Map<String, Answer> assertOneRunEach(
      SoftAssertions softly, Map<String, List<Answer>> byKey) {
    Map<String, Answer> firsts = new LinkedHashMap<>();
    for (Map.Entry<String, List<Answer>> key : byKey.entrySet()) {
      List<Answer> originals = key.getValue().stream().filter(Answer::first).toList();
      softly
          .assertThat(originals)
          .as("first answers for " + key.getKey() + " in " + key.getValue())
          .hasSize(1);
      if (originals.size() != 1) {
        continue;
      }
      Answer original = originals.get(0);
      firsts.put(key.getKey(), original);
      softly
          .assertThat(key.getValue())
          .as("every 201 of " + key.getKey() + " is the first or its byte-identical replay")
          .allMatch(a -> a.status() != 201 || a == original || a.replays(original));
      softly
          .assertThat(key.getValue())
          .as("every 409 of " + key.getKey() + " has a Retry-After")
          .allMatch(a -> a.status() != 409 || a.retryAfter().isPresent());
    }
    return firsts;
  }
}
