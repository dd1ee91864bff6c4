package dev.fenced.store.redis;

import dev.fenced.store.spi.StoreLimits;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * One Lua script of a store, read from a {@code .lua} resource beside this class, with the SHA-1
 * that {@code SCRIPT LOAD} answers for it and {@code EVALSHA} runs it by. Every script starts with
 * {@code ttl-check.lua}, whose {@code checked_ttl} refuses a ttl outside 1..{@link
 * StoreLimits#MAX_TTL_MILLIS} with a {@code FENCED_TTL} error before the script writes anything,
 * and {@code claim-ended.lua}, whose {@code publish_claim_end} tells the waiters of a claim that
 * ended.
 */
enum RedisScript {
  IDEMPOTENCY_ACQUIRE("idempotency-acquire.lua"),
  IDEMPOTENCY_COMPLETE("idempotency-complete.lua"),
  IDEMPOTENCY_RELEASE("idempotency-release.lua"),
  IDEMPOTENCY_EXTEND("idempotency-extend.lua"),
  /** {@code ClaimEndSignals.watch}: mark a claim in flight as waited for. */
  IDEMPOTENCY_WATCH("idempotency-watch.lua"),
  LOCK_ACQUIRE("lock-acquire.lua"),
  LOCK_RENEW("lock-renew.lua"),
  LOCK_RELEASE("lock-release.lua"),
  /** {@code IdempotencyRecordAdministration}: read a record, and purge it. */
  IDEMPOTENCY_INSPECT("idempotency-inspect.lua"),
  /** {@code LockAdministration}: read a lock, and force-release it. */
  LOCK_INSPECT("lock-inspect.lua"),
  /** The shared {@code release} of {@link RedisStore}, which is both stores. */
  RELEASE_EITHER("release-either.lua");

  private final String resource;
  private final byte[] source;
  private final byte[] sha1;

  private static final String TTL_CHECK = "ttl-check.lua";
  private static final String CLAIM_ENDED = "claim-ended.lua";

  RedisScript(String resource) {
    this.resource = resource;
    this.source = withPreludes(read(resource));
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

  private static byte[] withPreludes(byte[] script) {
    String check =
        new String(read(TTL_CHECK), StandardCharsets.UTF_8)
            .replace("%MAX_TTL_MILLIS%", Long.toString(StoreLimits.MAX_TTL_MILLIS));
    String claimEnded = new String(read(CLAIM_ENDED), StandardCharsets.UTF_8);
    return (check + "\n" + claimEnded + "\n" + new String(script, StandardCharsets.UTF_8))
        .getBytes(StandardCharsets.UTF_8);
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
