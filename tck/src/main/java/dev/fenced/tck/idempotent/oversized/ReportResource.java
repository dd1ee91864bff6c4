package dev.fenced.tck.idempotent.oversized;

import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * {@code POST /api/reports?tag=t&size=n}: answers 201 with a body of exactly {@code n} bytes that
 * starts with the run number, so a test sees both the whole body and whether the method ran again.
 */
@Path("reports")
@RequestScoped
public class ReportResource {

  /** The deployment's {@code fenced.idempotency.max-response-size}, in bytes. */
  public static final int LIMIT = 1024;

  @Inject Invocations invocations;

  /**
   * Builds a report.
   *
   * @param tag the test's counter
   * @param size the body's length in bytes, at least 8
   * @return 201 with the body
   */
  @POST
  @Idempotent
  @Produces(MediaType.APPLICATION_OCTET_STREAM)
  public Response build(@QueryParam("tag") String tag, @QueryParam("size") int size) {
    return Response.status(201).entity(body(invocations.increment(tag), size)).build();
  }

  /**
   * The body of one run, as the tests expect it.
   *
   * @param run the run number
   * @param size the length
   * @return {@code size} bytes: the run number in 8 digits, then a repeating pattern
   */
  public static byte[] body(int run, int size) {
    byte[] body = new byte[size];
    String head = String.format("%08d", run);
    for (int i = 0; i < size; i++) {
      body[i] = i < head.length() ? (byte) head.charAt(i) : (byte) (i * 31);
    }
    return body;
  }
}
