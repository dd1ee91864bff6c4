package dev.fenced.graphql;

import jakarta.servlet.http.HttpServletRequest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The mutation operation one HTTP request runs: its root fields in the order they run, the fields
 * handed to guarded mutation methods so far, and the refusals to write into the response's errors.
 * The root fields of a mutation run one after another, so the n-th call of a mutation method is
 * that method's n-th field. Thread-safe.
 */
final class RunningOperation {

  private final List<RootField> fields;
  private final HttpServletRequest request;
  private final Map<String, Refusal> refusals = new LinkedHashMap<>();
  private int next;

  /**
   * @param fields the operation's root fields, in execution order
   * @param request the HTTP request that carries the operation
   */
  RunningOperation(List<RootField> fields, HttpServletRequest request) {
    this.fields = List.copyOf(fields);
    this.request = request;
  }

  /**
   * The next field named {@code fieldName}, after every field handed out before.
   *
   * @param fieldName a mutation's name in the schema
   * @return its response key, or empty when the operation runs no further field of that name
   */
  synchronized Optional<String> next(String fieldName) {
    for (int i = next; i < fields.size(); i++) {
      if (fields.get(i).fieldName().equals(fieldName)) {
        next = i + 1;
        return Optional.of(fields.get(i).responseKey());
      }
    }
    return Optional.empty();
  }

  /**
   * A header of the request.
   *
   * @param name the header's name
   * @return its first value, or empty
   */
  Optional<String> header(String name) {
    return Optional.ofNullable(request.getHeader(name));
  }

  /**
   * Remembers a refusal of the field under {@code responseKey}, for the response's errors.
   *
   * @param responseKey the field's response key
   * @param refusal what the error on that field gets in its extensions
   */
  synchronized void refused(String responseKey, Refusal refusal) {
    refusals.put(responseKey, refusal);
  }

  /**
   * The refusals so far, by response key.
   *
   * @return a copy
   */
  synchronized Map<String, Refusal> refusals() {
    return Map.copyOf(refusals);
  }
}
