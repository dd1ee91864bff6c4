package dev.fenced.core.encryption;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The keys of {@value #OPTION}: comma-separated, newest first. Records are sealed with the first
 * key and opened with whichever listed key sealed them, which is what makes rotation possible
 * ({@code old,new}, then {@code new,old}, then, after the ttl, {@code new}).
 *
 * <p>Every entry must be at least {@value #MIN_CHARACTERS} characters, without whitespace around
 * it, not empty, and not the same key as another entry. Messages name the option, the entry's
 * position and the problem, never an entry. {@link #toString()} shows only the key ids.
 */
public final class KeyRing {

  /** The configuration option that lists the keys. */
  public static final String OPTION = "fenced.idempotency.encryption.keys";

  /** The shortest entry accepted. */
  public static final int MIN_CHARACTERS = 32;

  private final List<EncryptionKey> keys;
  private final Map<String, EncryptionKey> byId;

  private KeyRing(List<EncryptionKey> keys) {
    this.keys = List.copyOf(keys);
    Map<String, EncryptionKey> ids = new HashMap<>();
    keys.forEach(key -> ids.putIfAbsent(key.id(), key));
    this.byId = Map.copyOf(ids);
  }

  /**
   * Every problem of a configured value, each naming the option, the entry's position (1-based) and
   * what to do, never the entry.
   *
   * @param value the option's value as configured
   * @return the problems, empty when the value is valid
   */
  public static List<String> problems(String value) {
    Objects.requireNonNull(value, "value");
    String[] entries = value.split(",", -1);
    List<String> problems = new ArrayList<>();
    Map<String, Integer> seen = new HashMap<>();
    for (int i = 0; i < entries.length; i++) {
      String entry = entries[i];
      String where = OPTION + ": entry " + (i + 1) + " of " + entries.length;
      if (entry.isBlank()) {
        problems.add(
            where
                + " is empty; list the keys separated by single commas, newest first (new,old),"
                + " without an empty entry or a trailing comma");
      } else if (!entry.strip().equals(entry)) {
        problems.add(
            where
                + " has whitespace around it; separate the keys by commas alone (new,old, not"
                + " new, old)");
      } else if (entry.length() < MIN_CHARACTERS) {
        problems.add(
            where
                + " has "
                + entry.length()
                + " characters, fewer than "
                + MIN_CHARACTERS
                + "; use a 32-byte random key in base64 (openssl rand -base64 32)");
      } else {
        Integer first = seen.putIfAbsent(EncryptionKey.of(entry).id(), i + 1);
        if (first != null) {
          problems.add(where + " is the same key as entry " + first + "; list each key once");
        }
      }
    }
    return problems;
  }

  /**
   * The keys of a configured value.
   *
   * @param value the option's value
   * @return the key ring
   * @throws IllegalArgumentException with every {@linkplain #problems problem} when the value is
   *     invalid
   */
  public static KeyRing parse(String value) {
    List<String> problems = problems(value);
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException(String.join("; ", problems));
    }
    List<EncryptionKey> keys = new ArrayList<>();
    for (String entry : value.split(",", -1)) {
      keys.add(EncryptionKey.of(entry));
    }
    return new KeyRing(keys);
  }

  /**
   * The key new records are sealed with: the first listed.
   *
   * @return the sealing key
   */
  public EncryptionKey sealingKey() {
    return keys.get(0);
  }

  /**
   * The listed key with an id.
   *
   * @param id a key id from an envelope
   * @return the key, or empty when no listed key has this id
   */
  public Optional<EncryptionKey> find(String id) {
    return Optional.ofNullable(byId.get(id));
  }

  /**
   * The ids of the listed keys, newest first.
   *
   * @return the key ids
   */
  public List<String> ids() {
    return keys.stream().map(EncryptionKey::id).toList();
  }

  @Override
  public String toString() {
    return "KeyRing" + ids();
  }
}
