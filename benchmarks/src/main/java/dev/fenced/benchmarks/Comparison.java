package dev.fenced.benchmarks;

import java.util.Optional;

/**
 * The operations {@link SideBySide} compares: for each, the benchmark class and its Fenced, bare
 * and peer methods (no peer where no peer library has the operation). On PostgreSQL, Fenced's
 * method measures the store on a datasource only it uses, a second one the store on a datasource
 * the application shares, and a third the store on the persistence unit (JPA); the replay has a
 * plain read of the outcome besides its bare statement.
 */
enum Comparison {
  POSTGRES_LOCK(
      "PostgreSQL lock: acquire + release",
      PostgresLockBenchmark.class,
      "fenced",
      "fencedShared",
      "fencedJpa",
      "bare",
      null,
      "shedlock",
      "ShedLock"),
  POSTGRES_IDEMPOTENCY(
      "PostgreSQL idempotency: acquire + complete",
      PostgresIdempotencyBenchmark.class,
      "fencedAcquireComplete",
      "fencedSharedAcquireComplete",
      "fencedJpaAcquireComplete",
      "bareAcquireComplete",
      null,
      null,
      null),
  POSTGRES_REPLAY(
      "PostgreSQL idempotency: replay",
      PostgresReplayBenchmark.class,
      "fencedReplay",
      "fencedSharedReplay",
      "fencedJpaReplay",
      "bareReplay",
      "plainReadReplay",
      null,
      null),
  POSTGRES_CONTENDED(
      "PostgreSQL lock, contended (4 keys)",
      PostgresContendedLockBenchmark.class,
      "fenced",
      "fencedShared",
      "fencedJpa",
      "bare",
      null,
      "shedlock",
      "ShedLock"),
  REDIS_LOCK(
      "Redis lock: acquire + release",
      RedisLockBenchmark.class,
      "fenced",
      "bare",
      "redisson",
      "Redisson"),
  REDIS_IDEMPOTENCY(
      "Redis idempotency: acquire + complete",
      RedisIdempotencyBenchmark.class,
      "fencedAcquireComplete",
      "bareAcquireComplete",
      null,
      null),
  REDIS_REPLAY(
      "Redis idempotency: replay",
      RedisReplayBenchmark.class,
      "fencedReplay",
      "bareReplay",
      null,
      null),
  REDIS_CONTENDED(
      "Redis lock, contended (4 keys)",
      RedisContendedLockBenchmark.class,
      "fenced",
      "bare",
      "redisson",
      "Redisson");

  final String title;
  final Class<?> benchmark;
  final String fenced;
  final String bare;
  private final String fencedShared;
  private final String fencedJpa;
  private final String plainRead;
  private final String peer;
  private final String peerName;

  /** An operation without a JPA variant or a plain read (Redis). */
  Comparison(
      String title, Class<?> benchmark, String fenced, String bare, String peer, String peerName) {
    this(title, benchmark, fenced, null, null, bare, null, peer, peerName);
  }

  Comparison(
      String title,
      Class<?> benchmark,
      String fenced,
      String fencedShared,
      String fencedJpa,
      String bare,
      String plainRead,
      String peer,
      String peerName) {
    this.title = title;
    this.benchmark = benchmark;
    this.fenced = fenced;
    this.fencedShared = fencedShared;
    this.fencedJpa = fencedJpa;
    this.bare = bare;
    this.plainRead = plainRead;
    this.peer = peer;
    this.peerName = peerName;
  }

  /** The method of Fenced's store on a datasource the application shares, on PostgreSQL. */
  Optional<String> fencedShared() {
    return Optional.ofNullable(fencedShared);
  }

  /** The method of Fenced's store on the persistence unit, on PostgreSQL. */
  Optional<String> fencedJpa() {
    return Optional.ofNullable(fencedJpa);
  }

  /** The method of the plain read of the outcome, for the PostgreSQL replay. */
  Optional<String> plainRead() {
    return Optional.ofNullable(plainRead);
  }

  /** The peer's benchmark method, if a peer has the operation. */
  Optional<String> peer() {
    return Optional.ofNullable(peer);
  }

  /** The peer library's name, if a peer has the operation. */
  Optional<String> peerName() {
    return Optional.ofNullable(peerName);
  }

  /** Whether all threads share a few keys ({@code @Threads(32)} by default). */
  boolean contended() {
    return this == POSTGRES_CONTENDED || this == REDIS_CONTENDED;
  }

  /** The JMH include pattern of one of this operation's methods, and of nothing else. */
  String include(String method) {
    return Measurement.include(benchmark, method);
  }
}
