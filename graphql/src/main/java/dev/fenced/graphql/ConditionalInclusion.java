package dev.fenced.graphql;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.List;
import java.util.Map;

/**
 * Whether a selection is executed, by its @skip and @include directives (spec 3.13.2, 3.13.3), with
 * the operation's variables: the request's values, else the operation's defaults.
 */
final class ConditionalInclusion {

  private final Map<String, VariableDefinition> definitions;
  private final JsonObject variables;

  /** {@code variables} is null when the request has none. */
  ConditionalInclusion(Map<String, VariableDefinition> definitions, JsonObject variables) {
    this.definitions = definitions;
    this.variables = variables == null ? JsonValue.EMPTY_JSON_OBJECT : variables;
  }

  boolean includes(List<Directive> directives) {
    for (Directive directive : directives) {
      if (directive.name().equals("skip") && condition(directive)) {
        return false;
      }
      if (directive.name().equals("include") && !condition(directive)) {
        return false;
      }
    }
    return true;
  }

  private boolean condition(Directive directive) {
    Value condition = directive.arguments().get("if");
    if (condition == null) {
      throw directive.location().refusal("@" + directive.name() + " without its 'if' argument");
    }
    if (condition instanceof Value.BooleanValue literal) {
      return literal.value();
    }
    if (condition instanceof Value.Variable variable) {
      return variable(variable, directive);
    }
    throw condition
        .location()
        .refusal("The 'if' argument of @" + directive.name() + " is not a Boolean");
  }

  private boolean variable(Value.Variable variable, Directive directive) {
    String name = variable.name();
    VariableDefinition definition = definitions.get(name);
    if (definition == null) {
      throw variable.location().refusal("Variable $" + name + " is not defined by the operation");
    }
    JsonValue given = variables.get(name);
    if (given == null) {
      if (definition.defaultValue() instanceof Value.BooleanValue defaultValue) {
        return defaultValue.value();
      }
      throw variable
          .location()
          .refusal(
              "Variable $"
                  + name
                  + " of @"
                  + directive.name()
                  + (definition.defaultValue() == null
                      ? " has no value in the request and no default"
                      : " has no value in the request and a default that is not a Boolean"));
    }
    if (given.getValueType() == JsonValue.ValueType.TRUE) {
      return true;
    }
    if (given.getValueType() == JsonValue.ValueType.FALSE) {
      return false;
    }
    throw variable
        .location()
        .refusal(
            "Variable $"
                + name
                + " of @"
                + directive.name()
                + " is "
                + given.getValueType()
                + " in the request, not a Boolean");
  }
}
