package dev.fenced.graphql;

import java.util.List;
import java.util.Map;

/** The operations and fragments of a request document, each name defined once. */
record ExecutableDocument(List<Operation> operations, Map<String, Fragment> fragments) {

  /** GetOperation (spec 6.1). */
  Operation operation(String operationName) {
    if (operationName == null) {
      if (operations.size() > 1) {
        throw new IllegalArgumentException(
            "The document holds "
                + operations.size()
                + " operations and the request names none (operationName)");
      }
      return operations.get(0);
    }
    return operations.stream()
        .filter(operation -> operationName.equals(operation.name()))
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "The document holds no operation named '" + operationName + "'"));
  }
}
