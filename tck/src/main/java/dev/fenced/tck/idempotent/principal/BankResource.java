package dev.fenced.tck.idempotent.principal;

import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import dev.fenced.tck.deployed.TckTimeouts;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@code /api/bank}: under {@code members/} for the bank's users only (the deployment's security
 * constraint), under {@code guests/} for anyone. Deposits are guarded resource methods, one per
 * scope; charges and refunds call the guarded EJB and CDI bean with the key of {@code ?key=}.
 */
@Path("bank")
@RequestScoped
public class BankResource {

  private static final Duration TIMER_WAIT = TckTimeouts.scaled(Duration.ofSeconds(20));

  @Inject Invocations invocations;
  @Inject AccountCharges charges;
  @Inject AccountRefunds refunds;
  @Inject BankTimers timers;

  /**
   * A deposit in the caller's scope (the default).
   *
   * @param tag the test's counter
   * @param body the JSON deposit
   * @param security the request's security context
   * @return 201 with the caller and the run number
   */
  @POST
  @Path("members/deposits")
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response deposit(
      @QueryParam("tag") String tag, String body, @Context SecurityContext security) {
    return created(tag, security);
  }

  /**
   * A deposit that is one for every caller.
   *
   * @param tag the test's counter
   * @param body the JSON deposit
   * @param security the request's security context
   * @return 201 with the caller and the run number
   */
  @POST
  @Path("members/shared-deposits")
  @Idempotent(scope = Idempotent.GLOBAL_SCOPE)
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response sharedDeposit(
      @QueryParam("tag") String tag, String body, @Context SecurityContext security) {
    return created(tag, security);
  }

  /**
   * A deposit in the scope of the branch the request names ({@link BranchScope}).
   *
   * @param tag the test's counter
   * @param body the JSON deposit
   * @param security the request's security context
   * @return 201 with the caller and the run number
   */
  @POST
  @Path("members/branch-deposits")
  @Idempotent(scope = BranchScope.NAME)
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response branchDeposit(
      @QueryParam("tag") String tag, String body, @Context SecurityContext security) {
    return created(tag, security);
  }

  /**
   * A member's charge through the session bean, in the member's scope.
   *
   * @param key the charge's key
   * @return the bean's outcome
   */
  @POST
  @Path("members/charges")
  @Produces(MediaType.TEXT_PLAIN)
  public String memberCharge(@QueryParam("key") String key) {
    return charges.charge(key);
  }

  /**
   * A member's charge through the session bean's global method.
   *
   * @param key the charge's key
   * @return the bean's outcome
   */
  @POST
  @Path("members/shared-charges")
  @Produces(MediaType.TEXT_PLAIN)
  public String sharedCharge(@QueryParam("key") String key) {
    return charges.chargeForAll(key);
  }

  /**
   * A member's refund through the CDI bean, in the member's scope.
   *
   * @param key the refund's key
   * @return the bean's outcome
   */
  @POST
  @Path("members/refunds")
  @Produces(MediaType.TEXT_PLAIN)
  public String memberRefund(@QueryParam("key") String key) {
    return refunds.refund(key);
  }

  /**
   * A member's charge made by an EJB timer, which has no caller.
   *
   * @param key the charge's key
   * @return the bean's outcome in the timer
   * @throws InterruptedException when interrupted while waiting
   * @throws ExecutionException when the timer's call failed
   * @throws TimeoutException when the timer did not run in time
   */
  @POST
  @Path("members/timed-charges")
  @Produces(MediaType.TEXT_PLAIN)
  public String timedCharge(@QueryParam("key") String key)
      throws InterruptedException, ExecutionException, TimeoutException {
    return timers.chargeLater(key).get(TIMER_WAIT.toMillis(), TimeUnit.MILLISECONDS);
  }

  /**
   * An unauthenticated charge through the session bean, in the default scope.
   *
   * @param key the charge's key
   * @return the bean's outcome
   */
  @POST
  @Path("guests/charges")
  @Produces(MediaType.TEXT_PLAIN)
  public String guestCharge(@QueryParam("key") String key) {
    return charges.charge(key);
  }

  /**
   * An unauthenticated refund through the CDI bean, in the default scope.
   *
   * @param key the refund's key
   * @return the bean's outcome
   */
  @POST
  @Path("guests/refunds")
  @Produces(MediaType.TEXT_PLAIN)
  public String guestRefund(@QueryParam("key") String key) {
    return refunds.refund(key);
  }

  private Response created(String tag, SecurityContext security) {
    String user =
        security.getUserPrincipal() == null
            ? "null"
            : "\"" + security.getUserPrincipal().getName() + "\"";
    return Response.status(201)
        .entity("{\"user\":" + user + ",\"run\":" + invocations.increment(tag) + "}")
        .build();
  }
}
