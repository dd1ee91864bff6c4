package dev.fenced.store.jpa;

import dev.fenced.DeploymentProblem;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A name that goes into the store's SQL as it is: an unquoted PostgreSQL identifier of lower-case
 * ASCII letters, digits and underscores, starting with a letter or an underscore, that is no
 * reserved word. Anything else is refused, never quoted or altered, so no value can change a
 * statement's meaning.
 */
final class PostgresIdentifier {

  /** The longest identifier PostgreSQL keeps whole ({@code NAMEDATALEN - 1}). */
  static final int MAX_LENGTH = 63;

  private static final Pattern PLAIN = Pattern.compile("[a-z_][a-z0-9_]*");

  /**
   * The key words PostgreSQL reserves (categories R and T of {@code pg_get_keywords()}, PostgreSQL
   * 12 to 17): none can be an unquoted table or schema name.
   */
  static final Set<String> RESERVED =
      Set.of(
          "all",
          "analyse",
          "analyze",
          "and",
          "any",
          "array",
          "as",
          "asc",
          "asymmetric",
          "authorization",
          "binary",
          "both",
          "case",
          "cast",
          "check",
          "collate",
          "collation",
          "column",
          "concurrently",
          "constraint",
          "create",
          "cross",
          "current_catalog",
          "current_date",
          "current_role",
          "current_schema",
          "current_time",
          "current_timestamp",
          "current_user",
          "default",
          "deferrable",
          "desc",
          "distinct",
          "do",
          "else",
          "end",
          "except",
          "false",
          "fetch",
          "for",
          "foreign",
          "freeze",
          "from",
          "full",
          "grant",
          "group",
          "having",
          "ilike",
          "in",
          "initially",
          "inner",
          "intersect",
          "into",
          "is",
          "isnull",
          "join",
          "lateral",
          "leading",
          "left",
          "like",
          "limit",
          "localtime",
          "localtimestamp",
          "natural",
          "not",
          "notnull",
          "null",
          "offset",
          "on",
          "only",
          "or",
          "order",
          "outer",
          "overlaps",
          "placing",
          "primary",
          "references",
          "returning",
          "right",
          "select",
          "session_user",
          "similar",
          "some",
          "symmetric",
          "system_user",
          "table",
          "tablesample",
          "then",
          "to",
          "trailing",
          "true",
          "union",
          "unique",
          "user",
          "using",
          "variadic",
          "verbose",
          "when",
          "where",
          "window",
          "with");

  private PostgresIdentifier() {}

  /**
   * Checks the value of a config key that becomes (part of) identifiers.
   *
   * @param key the config key, named in the refusal
   * @param value the value
   * @param maxLength the longest value that keeps every name built from it whole
   * @param expected what the value must be, for the refusal
   * @return the value
   * @throws IllegalArgumentException {@link DeploymentProblem#STORE_SETTING_INVALID}, naming the
   *     key
   */
  static String check(String key, String value, int maxLength, String expected) {
    if (value == null
        || value.length() > maxLength
        || !PLAIN.matcher(value).matches()
        || RESERVED.contains(value)) {
      throw new IllegalArgumentException(
          DeploymentProblem.STORE_SETTING_INVALID.format(key, value, expected));
    }
    return value;
  }
}
