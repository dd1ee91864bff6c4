package dev.fenced.arquillian.cluster.faults.app;

import dev.fenced.arquillian.cluster.app.Member;
import dev.fenced.arquillian.cluster.app.RecordTables;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import javax.naming.InitialContext;
import javax.naming.NamingException;

/**
 * The crash hook: a request that carries {@value #HEADER}{@code : }{@value #AFTER_COMMIT} halts
 * this member's JVM right after the guarded call's transaction commits, before Fenced records the
 * call's outcome. It records a {@code halting} run event for the key, then calls {@link
 * Runtime#halt}: no shutdown hook, no undeployment, no release, as in a crash.
 *
 * <p>Fenced records the outcome of an EJB or CDI call in the {@code afterCompletion} of an
 * interposed synchronization that it registers when the method has returned. In which order a
 * server calls the {@code afterCompletion} of interposed synchronizations is not specified: WildFly
 * (Narayana) calls the last registered first. So the hook registers one synchronization from inside
 * the method, before Fenced's, and that one registers a second in its {@code beforeCompletion},
 * after Fenced's; whichever the server calls first halts. The event records which one it was
 * ({@value #FIRST} or {@value #LAST}). A JAX-RS resource's outcome is recorded after its
 * transaction ended, by a response filter, so there either halts before it.
 *
 * <p>The header is outside every fingerprint, so the retry without it is the same call.
 */
@RequestScoped
public class CommitCrash {

  /** The request header that asks for the crash. */
  public static final String HEADER = "Crash";

  /** Its value: halt right after the commit. */
  public static final String AFTER_COMMIT = "after-commit";

  /** The run event recorded just before the halt, followed by the synchronization that halted. */
  public static final String HALTING = "halting:";

  /** The synchronization registered inside the method, before Fenced's. */
  public static final String FIRST = "registered-first";

  /** The synchronization registered at the commit, after Fenced's. */
  public static final String LAST = "registered-last";

  /** The exit status of the halted JVM. */
  static final int HALT_STATUS = 137;

  private static final String REGISTRY = "java:comp/TransactionSynchronizationRegistry";

  @Inject Member member;
  @Inject RecordTables records;

  private boolean requested;

  /**
   * Takes the request's wish.
   *
   * @param header the value of {@value #HEADER}, or {@code null}
   */
  public void request(String header) {
    requested = AFTER_COMMIT.equals(header);
  }

  /**
   * Arms the hook in the current transaction when the request asked for it.
   *
   * @param kind the kind of guarded call
   * @param key its idempotency key
   */
  public void armIfRequested(String kind, String key) {
    if (!requested) {
      return;
    }
    TransactionSynchronizationRegistry registry;
    try {
      registry = InitialContext.doLookup(REGISTRY);
    } catch (NamingException e) {
      throw new IllegalStateException("no " + REGISTRY, e);
    }
    Halt last = new Halt(member.name(), records, kind + " " + key, LAST, null);
    registry.registerInterposedSynchronization(
        new Halt(member.name(), records, kind + " " + key, FIRST, () -> register(registry, last)));
  }

  private static void register(TransactionSynchronizationRegistry registry, Halt halt) {
    try {
      registry.registerInterposedSynchronization(halt);
    } catch (IllegalStateException e) {
      System.out.println("CRASH cannot register a synchronization at the commit: " + e);
    }
  }

  /** Halts after a commit. */
  private record Halt(
      String member, RecordTables records, String key, String which, Runnable before)
      implements Synchronization {

    @Override
    public void beforeCompletion() {
      if (before != null) {
        before.run();
      }
    }

    @Override
    public void afterCompletion(int status) {
      if (status != Status.STATUS_COMMITTED) {
        return;
      }
      records.run(key, member, HALTING + which, System.currentTimeMillis());
      System.out.println("CRASH halting " + member + " after the commit of " + key + ", " + which);
      System.out.flush();
      Runtime.getRuntime().halt(HALT_STATUS);
    }
  }
}
