package dev.fenced.graphql;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a request document (spec 2.2, ExecutableDocument) into its operations and fragments, by
 * recursive descent with one token of lookahead. Bounded: the document's length, and the nesting of
 * its selection sets, lists, input objects and list types, so that no document exhausts the stack.
 */
final class DocumentParser {

  static final int MAX_LENGTH = 1_000_000;
  static final int MAX_DEPTH = 64;

  private final DocumentTokens tokens;
  private Token current;
  private int depth;

  private DocumentParser(String source) {
    this.tokens = new DocumentTokens(source);
    this.current = tokens.next();
  }

  static ExecutableDocument parse(String source) {
    if (source.length() > MAX_LENGTH) {
      throw new IllegalArgumentException(
          "The document is " + source.length() + " chars long, more than " + MAX_LENGTH);
    }
    return new DocumentParser(source).document();
  }

  private ExecutableDocument document() {
    if (current.kind() == Token.Kind.END) {
      throw current.location().refusal("The document holds no operation");
    }
    List<Operation> operations = new ArrayList<>();
    Map<String, Fragment> fragments = new LinkedHashMap<>();
    while (current.kind() != Token.Kind.END) {
      if (current.isName("fragment")) {
        Fragment fragment = fragment();
        Fragment earlier = fragments.putIfAbsent(fragment.name(), fragment);
        if (earlier != null) {
          throw fragment
              .location()
              .refusal(
                  "Fragment '"
                      + fragment.name()
                      + "' is defined twice, first at "
                      + earlier.location());
        }
      } else {
        operations.add(operation());
      }
    }
    checkOperationNames(operations);
    return new ExecutableDocument(List.copyOf(operations), Map.copyOf(fragments));
  }

  /** Operation name uniqueness and the lone anonymous operation (spec 5.2.1.1, 5.2.2.1). */
  private static void checkOperationNames(List<Operation> operations) {
    if (operations.isEmpty()) {
      throw new IllegalArgumentException("The document holds fragments but no operation");
    }
    Map<String, Operation> named = new LinkedHashMap<>();
    for (Operation operation : operations) {
      if (operation.name() == null) {
        if (operations.size() > 1) {
          throw operation
              .location()
              .refusal("An anonymous operation must be the only operation of the document");
        }
      } else {
        Operation earlier = named.putIfAbsent(operation.name(), operation);
        if (earlier != null) {
          throw operation
              .location()
              .refusal(
                  "Operation '"
                      + operation.name()
                      + "' is defined twice, first at "
                      + earlier.location());
        }
      }
    }
  }

  private Operation operation() {
    SourceLocation location = current.location();
    if (current.is("{")) {
      return new Operation(Operation.Type.QUERY, null, Map.of(), selectionSet(), location);
    }
    Operation.Type type = operationType();
    String name = current.kind() == Token.Kind.NAME ? name() : null;
    Map<String, VariableDefinition> variables = current.is("(") ? variableDefinitions() : Map.of();
    unconditional(directives(false), "an operation");
    return new Operation(type, name, variables, selectionSet(), location);
  }

  private Operation.Type operationType() {
    if (current.kind() == Token.Kind.NAME) {
      Operation.Type type =
          switch (current.text()) {
            case "query" -> Operation.Type.QUERY;
            case "mutation" -> Operation.Type.MUTATION;
            case "subscription" -> Operation.Type.SUBSCRIPTION;
            default ->
                throw current
                    .location()
                    .refusal(
                        "Expected an operation or a fragment, found "
                            + current.describe()
                            + " (a request document holds no type system definitions)");
          };
      advance();
      return type;
    }
    if (current.kind() == Token.Kind.STRING || current.kind() == Token.Kind.BLOCK_STRING) {
      throw current
          .location()
          .refusal(
              "Expected an operation or a fragment, found a description"
                  + " (a request document holds no type system definitions)");
    }
    throw unexpected("an operation or a fragment");
  }

  private Map<String, VariableDefinition> variableDefinitions() {
    expect("(");
    Map<String, VariableDefinition> variables = new LinkedHashMap<>();
    do {
      SourceLocation location = current.location();
      expect("$");
      String name = name();
      expect(":");
      type();
      Value defaultValue = null;
      if (current.is("=")) {
        advance();
        defaultValue = value(true);
      }
      unconditional(directives(true), "a variable definition");
      if (variables.putIfAbsent(name, new VariableDefinition(name, defaultValue, location))
          != null) {
        throw location.refusal("Variable $" + name + " is defined twice");
      }
    } while (!current.is(")"));
    advance();
    return variables;
  }

  private void type() {
    if (current.is("[")) {
      enter();
      advance();
      type();
      expect("]");
      leave();
    } else {
      name();
    }
    if (current.is("!")) {
      advance();
    }
  }

  private Fragment fragment() {
    SourceLocation location = current.location();
    advance();
    if (current.isName("on")) {
      throw current.location().refusal("A fragment cannot be named 'on'");
    }
    String name = name();
    if (!current.isName("on")) {
      throw unexpected("'on'");
    }
    advance();
    String typeCondition = name();
    unconditional(directives(false), "a fragment definition");
    return new Fragment(name, typeCondition, selectionSet(), location);
  }

  private List<Selection> selectionSet() {
    enter();
    expect("{");
    List<Selection> selections = new ArrayList<>();
    do {
      selections.add(selection());
    } while (!current.is("}"));
    advance();
    leave();
    return List.copyOf(selections);
  }

  private Selection selection() {
    SourceLocation location = current.location();
    if (current.is("...")) {
      advance();
      if (current.kind() == Token.Kind.NAME && !current.isName("on")) {
        String fragmentName = name();
        return new Selection.FragmentSpread(fragmentName, directives(false), location);
      }
      String typeCondition = null;
      if (current.isName("on")) {
        advance();
        typeCondition = name();
      }
      List<Directive> directives = directives(false);
      return new Selection.InlineFragment(typeCondition, directives, selectionSet(), location);
    }
    if (current.kind() != Token.Kind.NAME) {
      throw unexpected("a field or '...'");
    }
    String responseKey = name();
    String fieldName = responseKey;
    if (current.is(":")) {
      advance();
      fieldName = name();
    }
    if (current.is("(")) {
      arguments(false);
    }
    List<Directive> directives = directives(false);
    if (current.is("{")) {
      selectionSet();
    }
    return new Selection.Field(responseKey, fieldName, directives, location);
  }

  private List<Directive> directives(boolean constant) {
    List<Directive> directives = new ArrayList<>();
    while (current.is("@")) {
      SourceLocation location = current.location();
      advance();
      String name = name();
      Map<String, Value> arguments = current.is("(") ? arguments(constant) : Map.of();
      directives.add(new Directive(name, arguments, location));
    }
    return List.copyOf(directives);
  }

  /** The built-in conditions are allowed on fields, fragment spreads and inline fragments only. */
  private static void unconditional(List<Directive> directives, String where) {
    for (Directive directive : directives) {
      if (directive.isConditional()) {
        throw directive.location().refusal("@" + directive.name() + " is not allowed on " + where);
      }
    }
  }

  private Map<String, Value> arguments(boolean constant) {
    expect("(");
    Map<String, Value> arguments = new LinkedHashMap<>();
    do {
      SourceLocation location = current.location();
      String name = name();
      expect(":");
      if (arguments.putIfAbsent(name, value(constant)) != null) {
        throw location.refusal("Argument '" + name + "' is given twice");
      }
    } while (!current.is(")"));
    advance();
    return Map.copyOf(arguments);
  }

  /** A value (spec 2.9); {@code constant} when no variable may appear in it. */
  private Value value(boolean constant) {
    Token token = current;
    SourceLocation location = token.location();
    switch (token.kind()) {
      case INT, FLOAT, STRING, BLOCK_STRING -> {
        advance();
        return new Value.OtherValue(location);
      }
      case NAME -> {
        advance();
        if (token.text().equals("true") || token.text().equals("false")) {
          return new Value.BooleanValue(token.text().equals("true"), location);
        }
        return new Value.OtherValue(location);
      }
      default -> {
        if (token.is("$")) {
          if (constant) {
            throw location.refusal("A variable is not allowed in a constant value");
          }
          advance();
          return new Value.Variable(name(), location);
        }
        if (token.is("[")) {
          list(constant);
          return new Value.OtherValue(location);
        }
        if (token.is("{")) {
          inputObject(constant);
          return new Value.OtherValue(location);
        }
        throw unexpected("a value");
      }
    }
  }

  private void list(boolean constant) {
    enter();
    advance();
    while (!current.is("]")) {
      value(constant);
    }
    advance();
    leave();
  }

  private void inputObject(boolean constant) {
    enter();
    advance();
    while (!current.is("}")) {
      name();
      expect(":");
      value(constant);
    }
    advance();
    leave();
  }

  private void enter() {
    if (++depth > MAX_DEPTH) {
      throw current.location().refusal("The document nests deeper than " + MAX_DEPTH + " levels");
    }
  }

  private void leave() {
    depth--;
  }

  private String name() {
    if (current.kind() != Token.Kind.NAME) {
      throw unexpected("a name");
    }
    String name = current.text();
    advance();
    return name;
  }

  private void expect(String punctuator) {
    if (!current.is(punctuator)) {
      throw unexpected("'" + punctuator + "'");
    }
    advance();
  }

  private void advance() {
    current = tokens.next();
  }

  private IllegalArgumentException unexpected(String expected) {
    return current.location().refusal("Expected " + expected + ", found " + current.describe());
  }
}
