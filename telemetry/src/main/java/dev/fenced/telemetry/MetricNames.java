package dev.fenced.telemetry;

/**
 * The names of Fenced's instruments and attributes, a stable interface: renaming one is a breaking
 * change. No attribute ever holds an idempotency key, a record key, a lock key or a request path
 * (their number has no bound); job names and election keys, fixed by the code, do appear.
 */
public final class MetricNames {

  /** The instrumentation scope (meter) name. */
  public static final String METER = "dev.fenced";

  /**
   * Counter, {@code {call}}: idempotent calls by {@link #OUTCOME}: {@code executed}, {@code
   * replayed}, {@code conflict}, {@code reused}, {@code unavailable}, {@code unreadable}, {@code
   * invalid}, {@code failed}, and {@code released} (a claim dropped without an outcome after its
   * call, counted {@code executed} before, failed).
   */
  public static final String IDEMPOTENCY_OUTCOMES = "fenced.idempotency.outcomes";

  /** Counter, {@code {claim}}: in-flight claims lost while their call ran. */
  public static final String IDEMPOTENCY_CLAIM_LOSSES = "fenced.idempotency.claim.losses";

  /**
   * Counter, {@code {acquisition}}: attempts to take a lock or lease (jobs, elections, {@code
   * Locks}) by {@link #OUTCOME}: {@code acquired}, {@code busy} (held by another owner), {@code
   * failed} (the store threw); with {@link #STORE}.
   */
  public static final String LOCK_ACQUISITIONS = "fenced.lock.acquisitions";

  /** Counter, {@code {loss}}: held locks and leases lost, by {@link #DETECTED_BY}. */
  public static final String LOCK_LOSSES = "fenced.lock.losses";

  /**
   * Counter, {@code {skip}}: job firings that did not run here, by {@link #JOB} and {@link
   * #SKIP_REASON}.
   */
  public static final String JOB_SKIPS = "fenced.job.skips";

  /**
   * Histogram, seconds: how long guarded job runs took, by {@link #JOB} and {@link #ERROR_TYPE}.
   */
  public static final String JOB_DURATION = "fenced.job.duration";

  /**
   * Counter, {@code {change}}: leadership changes on this instance, by {@link #ELECTION} and {@link
   * #LEADERSHIP_CHANGE}.
   */
  public static final String LEADERSHIP_CHANGES = "fenced.leadership.changes";

  /**
   * Histogram, seconds: store call latency, by {@link #STORE}, {@link #STORE_OPERATION} and, when
   * the call threw, {@link #ERROR_TYPE}.
   */
  public static final String STORE_DURATION = "fenced.store.duration";

  /** Attribute: what a call or acquisition came to. */
  public static final String OUTCOME = "fenced.outcome";

  /** Attribute: the selected store's name ({@code jpa}, {@code redis}, {@code memory}, ...). */
  public static final String STORE = "fenced.store";

  /** Attribute: the store call, e.g. {@code idempotency.acquire}, {@code lock.renew}. */
  public static final String STORE_OPERATION = "fenced.store.operation";

  /** Attribute: how a loss was found: {@code renewal} or {@code deadline}. */
  public static final String DETECTED_BY = "fenced.loss.detected_by";

  /** Attribute: the job method, {@code com.example.Billing.nightly}. */
  public static final String JOB = "fenced.job";

  /**
   * Attribute: why a firing was skipped: {@code not_owner}, {@code run_lock_held}, {@code
   * store_unavailable}, {@code shutting_down}.
   */
  public static final String SKIP_REASON = "fenced.skip.reason";

  /** Attribute: the election's key. */
  public static final String ELECTION = "fenced.election";

  /**
   * Attribute: {@code acquired}, or why leadership ended: {@code lost}, {@code shutdown}, {@code
   * callback_failed}.
   */
  public static final String LEADERSHIP_CHANGE = "fenced.leadership.change";

  /**
   * Attribute (OpenTelemetry's {@code error.type}): the error code of a refused idempotent call
   * ({@code IDEMPOTENCY_KEY_IN_USE}, ...), or the class name of what a job or store call threw.
   */
  public static final String ERROR_TYPE = "error.type";

  private MetricNames() {}
}
