package dev.fenced.arquillian.stores;

import dev.fenced.idempotency.Idempotent;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;

/**
 * Two endpoints twice, for the {@code *StoreHttpOverheadIT}: {@code POST /api/twins/plain} and
 * {@code POST /api/twins/idempotent} do nothing and answer the same 201 with the run number; {@code
 * POST /api/twins/payments/plain} and {@code POST /api/twins/payments/idempotent} do what a payment
 * endpoint does at least, write one row (to {@value #PAYMENTS_TABLE} on the datasource {@value
 * #PAYMENTS}, which the deployment declares), and answer the same. Only the second of each pair is
 * {@link Idempotent} (keyed by the {@code Idempotency-Key} header), so the difference between the
 * two is what Fenced costs.
 */
@Path("twins")
@ApplicationScoped
public class TwinResource {

  /**
   * The datasource the payment twins write to, not the store's: on Open Liberty a connection taken
   * outside a JTA transaction stays with the request until it ends, so on a shared pool every
   * guarded request would hold one connection while its store call waits for another (the guide's
   * "A datasource of its own").
   */
  public static final String PAYMENTS = "java:app/jdbc/FencedPaymentsDS";

  /** Their table. */
  public static final String PAYMENTS_TABLE = "twin_payments";

  /** The table's definition. */
  public static final String PAYMENTS_DDL =
      "CREATE TABLE IF NOT EXISTS " + PAYMENTS_TABLE + " (id bigserial PRIMARY KEY, body text)";

  private static final AtomicLong RUNS = new AtomicLong();

  @Resource(lookup = PAYMENTS)
  DataSource payments;

  /**
   * The undecorated twin.
   *
   * @param body the JSON request
   * @return 201 with the run number
   */
  @POST
  @Path("plain")
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response plain(String body) {
    return created();
  }

  /**
   * The guarded twin.
   *
   * @param body the JSON request
   * @return 201 with the run number; a repeat of the key gets the first one's
   */
  @POST
  @Path("idempotent")
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response idempotent(String body) {
    return created();
  }

  /**
   * The undecorated payment twin.
   *
   * @param body the JSON request
   * @return 201 with the run number, once its row is written
   */
  @POST
  @Path("payments/plain")
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response plainPayment(String body) {
    return paid(body);
  }

  /**
   * The guarded payment twin.
   *
   * @param body the JSON request
   * @return 201 with the run number, once its row is written; a repeat of the key gets the first
   *     one's and writes nothing
   */
  @POST
  @Path("payments/idempotent")
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response idempotentPayment(String body) {
    return paid(body);
  }

  private Response paid(String body) {
    try (Connection connection = payments.getConnection();
        PreparedStatement insert =
            connection.prepareStatement("INSERT INTO " + PAYMENTS_TABLE + " (body) VALUES (?)")) {
      insert.setString(1, body);
      insert.executeUpdate();
    } catch (SQLException e) {
      throw new IllegalStateException("the payment was not written", e);
    }
    return created();
  }

  private static Response created() {
    return Response.status(201).entity("{\"run\":" + RUNS.incrementAndGet() + "}").build();
  }
}
