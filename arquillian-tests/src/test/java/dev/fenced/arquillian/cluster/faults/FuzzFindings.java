package dev.fenced.arquillian.cluster.faults;

import dev.fenced.arquillian.cluster.ClusterRecords.Payment;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What the fuzz found: its answers read against the documented table ({@link BadInput}), and what
 * the store and the application kept, tied to the requests by their tags.
 *
 * @param answers one per request sent
 * @param storedKeys the store keys of the idempotency records that hold a fuzz tag
 * @param payments the side effects recorded for fuzz keys
 */
record FuzzFindings(List<FuzzAnswer> answers, List<String> storedKeys, List<Payment> payments) {

  /**
   * Reads the findings.
   *
   * @param answers the answers
   * @param recordKeys every record key in the store now
   * @param payments every side effect recorded now
   * @return the findings, keeping only what holds a fuzz tag
   */
  static FuzzFindings of(
      List<FuzzAnswer> answers, List<String> recordKeys, List<Payment> payments) {
    return new FuzzFindings(
        List.copyOf(answers),
        recordKeys.stream().filter(k -> FuzzRequest.idIn(k) >= 0).toList(),
        payments.stream().filter(p -> FuzzRequest.idIn(p.key()) >= 0).toList());
  }

  /** The answers by kind, e.g. {@code 400 IDEMPOTENCY_KEY_INVALID=321}. */
  Map<String, Long> byKind() {
    return answers.stream()
        .collect(Collectors.groupingBy(FuzzAnswer::kind, TreeMap::new, Collectors.counting()));
  }

  /** The answers by request class. */
  Map<BadInput, Long> byInput() {
    return answers.stream()
        .collect(
            Collectors.groupingBy(a -> a.request().input(), TreeMap::new, Collectors.counting()));
  }

  /** The answers of each request class, by kind. */
  Map<BadInput, Map<String, Long>> kindsByInput() {
    return answers.stream()
        .collect(
            Collectors.groupingBy(
                a -> a.request().input(),
                TreeMap::new,
                Collectors.groupingBy(FuzzAnswer::kind, TreeMap::new, Collectors.counting())));
  }

  /** The answers the documented table does not allow for their request's class. */
  List<FuzzAnswer> undocumented() {
    return answers.stream().filter(a -> !a.documented()).toList();
  }

  /**
   * The undocumented answers by request class and answer, each with its count and one example.
   *
   * @return e.g. {@code KEY_TAB -> 201} to {@code 24 x 201 from a ... to #5 ...}
   */
  Map<String, String> undocumentedByClass() {
    Map<String, List<FuzzAnswer>> groups =
        undocumented().stream()
            .collect(
                Collectors.groupingBy(
                    a -> a.request().input() + " -> " + a.kind(),
                    TreeMap::new,
                    Collectors.toList()));
    Map<String, String> summary = new TreeMap<>();
    groups.forEach((group, list) -> summary.put(group, list.size() + " x, e.g. " + list.get(0)));
    return summary;
  }

  /** The answers with a 5xx status. */
  List<FuzzAnswer> serverErrors() {
    return answers.stream().filter(a -> a.status() >= 500).toList();
  }

  /** The requests that got no HTTP answer. */
  List<FuzzAnswer> unanswered() {
    return answers.stream().filter(a -> a.status() < 0).toList();
  }

  /** The ids of the requests the payment ran for: a first 201. */
  Set<Integer> ran() {
    return ids(answers.stream().filter(FuzzAnswer::ran).map(a -> a.request().id()));
  }

  /** The ids of the requests refused or not taken: every answer but a 2xx. */
  Set<Integer> rejected() {
    return ids(
        answers.stream()
            .filter(a -> a.status() < 200 || a.status() >= 300)
            .map(a -> a.request().id()));
  }

  /** The ids the stored records belong to. */
  Set<Integer> stored() {
    return ids(storedKeys.stream().map(FuzzRequest::idIn));
  }

  /** How many records each id has in the store, where it has more than one. */
  Map<Integer, Long> storedMoreThanOnce() {
    return moreThanOnce(storedKeys.stream().map(FuzzRequest::idIn).toList());
  }

  /** The ids the recorded side effects belong to. */
  Set<Integer> paid() {
    return ids(payments.stream().map(p -> FuzzRequest.idIn(p.key())));
  }

  /** How many side effects each id has, where it has more than one. */
  Map<Integer, Long> paidMoreThanOnce() {
    return moreThanOnce(payments.stream().map(p -> FuzzRequest.idIn(p.key())).toList());
  }

  /**
   * The answers of {@code ids}, to show in a failure.
   *
   * @param ids request ids
   * @return their answers, at most 20
   */
  List<FuzzAnswer> answersOf(Set<Integer> ids) {
    return answers.stream().filter(a -> ids.contains(a.request().id())).limit(20).toList();
  }

  private static Set<Integer> ids(java.util.stream.Stream<Integer> ids) {
    return ids.collect(Collectors.toCollection(TreeSet::new));
  }

  private static Map<Integer, Long> moreThanOnce(List<Integer> ids) {
    return ids.stream()
        .collect(Collectors.groupingBy(Function.identity(), TreeMap::new, Collectors.counting()))
        .entrySet()
        .stream()
        .filter(e -> e.getValue() > 1)
        .collect(
            Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, (x, y) -> x, TreeMap::new));
  }
}
