package dev.fenced.store.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * One Lua script of a store, read from a {@code .lua} resource beside this class, with the SHA-1
 * that {@code SCRIPT LOAD} answers for it and {@code EVALSHA} runs it by.
 */
enum RedisScript {
  IDEMPOTENCY_ACQUIRE("idempotency-acquire.lua"),
  IDEMPOTENCY_COMPLETE("idempotency-complete.lua"),
  IDEMPOTENCY_RELEASE("idempotency-release.lua"),
  IDEMPOTENCY_EXTEND("idempotency-extend.lua"),
  LOCK_ACQUIRE("lock-acquire.lua"),
  LOCK_RENEW("lock-renew.lua"),
  LOCK_RELEASE("lock-release.lua"),
  /** The shared {@code release} of {@link RedisStore}, which is both stores. */
  RELEASE_EITHER("release-either.lua");

  private final String resource;
  private final byte[] source;
  private final byte[] sha1;

  RedisScript(String resource) {
    this.resource = resource;
    this.source = read(resource);
    this.sha1 = sha1Hex(source).getBytes(StandardCharsets.US_ASCII);
  }

  /** The resource name, for messages. */
  String resource() {
    return resource;
  }

  /** The script text, for {@code SCRIPT LOAD}. */
  byte[] source() {
    return source.clone();
  }

  /** The lower-case hex SHA-1 of the text, for {@code EVALSHA}. */
  byte[] sha1() {
    return sha1.clone();
  }

  private static byte[] read(String resource) {
    try (InputStream in = RedisScript.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("missing script resource " + resource);
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read script resource " + resource, e);
    }
  }

  private static String sha1Hex(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-1 is missing from this JVM", e);
    }
  }
}
