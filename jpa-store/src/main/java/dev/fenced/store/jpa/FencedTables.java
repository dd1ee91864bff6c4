package dev.fenced.store.jpa;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Optional;

/**
 * Where the PostgreSQL store's objects are: every name starts with a prefix ({@value
 * #TABLE_PREFIX}, default {@value #DEFAULT_PREFIX}), in a schema ({@value #SCHEMA}) or, without
 * one, wherever the connection's {@code search_path} finds them. Two services that share a database
 * with different prefixes or schemas share no key, lock, fencing token or high-water mark.
 *
 * <p>The objects are the tables {@code <prefix>idempotency}, {@code <prefix>locks} and {@code
 * <prefix>high_water}, the sequence {@code <prefix>lock_token_seq} and the indexes {@code
 * <prefix>idempotency_expires_at} and {@code <prefix>locks_expires_at}. The prefix and the schema
 * are plain PostgreSQL identifiers (lower-case ASCII letters, digits and {@code _}, not starting
 * with a digit, no reserved word, short enough that every name stays within 63 characters): any
 * other value is refused, never quoted, so it cannot change the meaning of a statement. {@link
 * #ddl()} gives the script that creates the objects for these names.
 *
 * <p>Immutable; equal when schema and prefix are.
 */
public final class FencedTables {

  /** The config key of the prefix of every name. */
  public static final String TABLE_PREFIX = "fenced.jpa.table-prefix";

  /** The config key of the schema; unset: the connection's {@code search_path}. */
  public static final String SCHEMA = "fenced.jpa.schema";

  /** The default prefix. */
  public static final String DEFAULT_PREFIX = "fenced_";

  /**
   * The placeholder for the prefix in {@link #MIGRATION} (Flyway placeholder, Liquibase changelog
   * property).
   */
  public static final String PREFIX_PLACEHOLDER = "${fenced_table_prefix}";

  /**
   * The script with the default names, in this module's jar: runs as it is ({@code psql -f}, any
   * migration tool), in the schema the connection's {@code search_path} names first.
   */
  public static final String SCRIPT = "META-INF/fenced/postgresql/fenced_tables.sql";

  /**
   * The same script with {@link #PREFIX_PLACEHOLDER} for the prefix, named as a Flyway repeatable
   * migration, in a location of its own: {@code classpath:META-INF/fenced/postgresql/migration}.
   */
  public static final String MIGRATION =
      "META-INF/fenced/postgresql/migration/R__fenced_tables.sql";

  /** The Liquibase changelog that runs {@link #MIGRATION}. */
  public static final String LIQUIBASE_CHANGELOG =
      "META-INF/fenced/postgresql/liquibase/fenced-changelog.xml";

  /** The longest name suffix, {@code idempotency_expires_at}: what the prefix leaves room for. */
  private static final int LONGEST_SUFFIX = "idempotency_expires_at".length();

  /** The default names, on the search path. */
  public static final FencedTables DEFAULT = new FencedTables(null, DEFAULT_PREFIX);

  private final String schema;
  private final String prefix;

  private FencedTables(String schema, String prefix) {
    this.schema =
        schema == null
            ? null
            : PostgresIdentifier.check(
                SCHEMA,
                schema,
                PostgresIdentifier.MAX_LENGTH,
                "a PostgreSQL schema name: lower-case ASCII letters, digits and _, not starting"
                    + " with a digit, at most 63 characters, no reserved word");
    this.prefix =
        PostgresIdentifier.check(
            TABLE_PREFIX,
            prefix,
            PostgresIdentifier.MAX_LENGTH - LONGEST_SUFFIX,
            "a prefix of PostgreSQL table names: lower-case ASCII letters, digits and _, not"
                + " starting with a digit, at most "
                + (PostgresIdentifier.MAX_LENGTH - LONGEST_SUFFIX)
                + " characters");
  }

  /**
   * The names with another prefix, on the search path.
   *
   * @param prefix e.g. {@code orders_}
   * @return the names
   * @throws IllegalArgumentException when the prefix is not a plain identifier, naming {@value
   *     #TABLE_PREFIX}
   */
  public static FencedTables withPrefix(String prefix) {
    return new FencedTables(null, prefix);
  }

  /**
   * These names in a schema: every statement names it, whatever the connection's {@code
   * search_path}.
   *
   * @param schema e.g. {@code orders}
   * @return the names
   * @throws IllegalArgumentException when the schema is not a plain identifier, naming {@value
   *     #SCHEMA}
   */
  public FencedTables inSchema(String schema) {
    return new FencedTables(Objects.requireNonNull(schema, "schema"), prefix);
  }

  /**
   * The schema.
   *
   * @return the schema, or empty for the connection's {@code search_path}
   */
  public Optional<String> schema() {
    return Optional.ofNullable(schema);
  }

  /**
   * The prefix of every name.
   *
   * @return the prefix
   */
  public String prefix() {
    return prefix;
  }

  /**
   * The idempotency records' table, as the statements name it.
   *
   * @return {@code [schema.]<prefix>idempotency}
   */
  public String idempotency() {
    return qualified("idempotency");
  }

  /**
   * The locks' table, as the statements name it.
   *
   * @return {@code [schema.]<prefix>locks}
   */
  public String locks() {
    return qualified("locks");
  }

  /**
   * The fencing tokens' sequence, as the statements name it.
   *
   * @return {@code [schema.]<prefix>lock_token_seq}
   */
  public String tokenSequence() {
    return qualified("lock_token_seq");
  }

  /**
   * {@link PostgresFence}'s table of high-water marks, as the statements name it.
   *
   * @return {@code [schema.]<prefix>high_water}
   */
  public String highWater() {
    return qualified("high_water");
  }

  /**
   * The script that creates the objects for these names: {@link #MIGRATION} with the prefix in
   * place of {@link #PREFIX_PLACEHOLDER}; with a schema, run in it ({@code SET search_path}, reset
   * at the end; the schema must exist). Every statement in it can be run again. For {@link
   * #DEFAULT} it is {@link #SCRIPT}, character for character.
   *
   * @return the DDL
   */
  public String ddl() {
    String script = resource(MIGRATION).replace(PREFIX_PLACEHOLDER, prefix);
    if (schema == null) {
      return script;
    }
    return "-- in the schema "
        + schema
        + " ("
        + SCHEMA
        + "), which must exist\nSET search_path TO "
        + schema
        + ";\n\n"
        + script
        + "\nRESET search_path;\n";
  }

  /**
   * The least privileges the stores and {@link PostgresFence} need on these objects, as {@code
   * GRANT} statements for {@code role}, which should own none of them: on both tables of records
   * and locks {@code SELECT, INSERT, UPDATE, DELETE} ({@code INSERT ... ON CONFLICT DO UPDATE ...
   * RETURNING}, reads, prune's {@code DELETE ... FOR UPDATE SKIP LOCKED}); on the high-water table
   * {@code SELECT, INSERT, UPDATE} (nothing deletes a mark); {@code USAGE} on the sequence ({@code
   * nextval}); {@code USAGE} on the schema. Without a schema, the last line is a comment: grant it
   * on the schema of the search path that holds the objects.
   *
   * @param role the role the application connects as, a plain identifier
   * @return the statements, one a line
   * @throws IllegalArgumentException when the role is not a plain identifier
   */
  public String grants(String role) {
    PostgresIdentifier.check(
        "role", role, PostgresIdentifier.MAX_LENGTH, "a plain PostgreSQL role name");
    return "GRANT SELECT, INSERT, UPDATE, DELETE ON TABLE "
        + idempotency()
        + ", "
        + locks()
        + " TO "
        + role
        + ";\nGRANT SELECT, INSERT, UPDATE ON TABLE "
        + highWater()
        + " TO "
        + role
        + ";\nGRANT USAGE ON SEQUENCE "
        + tokenSequence()
        + " TO "
        + role
        + ";\n"
        + (schema == null
            ? "-- and USAGE on the schema that holds them, e.g.: GRANT USAGE ON SCHEMA public TO "
                + role
                + ";\n"
            : "GRANT USAGE ON SCHEMA " + schema + " TO " + role + ";\n");
  }

  private String qualified(String suffix) {
    return schema == null ? prefix + suffix : schema + "." + prefix + suffix;
  }

  private static String resource(String name) {
    try (InputStream in = FencedTables.class.getClassLoader().getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException(name + " is missing from fenced-jpa-store's jar");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof FencedTables that
        && Objects.equals(schema, that.schema)
        && prefix.equals(that.prefix);
  }

  @Override
  public int hashCode() {
    return Objects.hash(schema, prefix);
  }

  @Override
  public String toString() {
    return (schema == null ? "" : SCHEMA + "=" + schema + ", ") + TABLE_PREFIX + "=" + prefix;
  }
}
