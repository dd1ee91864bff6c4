package dev.fenced.tck.idempotent.representation;

import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * {@code /api/documents}: guarded methods that count their runs under the test's tag.
 *
 * <ul>
 *   <li>{@code POST /api/documents?tag=t} with a JSON body (sent coded or not): 201 with the run
 *       number, the length and the SHA-256 of the bytes the method received;
 *   <li>{@code POST /api/documents/statements?tag=t}: 201 with a text of a few KiB, gzip-compressed
 *       for a request that accepts gzip ({@link Compressed});
 *   <li>{@code GET /api/documents/reports/{id}?tag=t}: 200 with a text, an {@code ETag} and a
 *       {@code Content-Language}; JAX-RS runs it for a {@code HEAD} too.
 * </ul>
 */
@Path("documents")
@RequestScoped
public class DocumentResource {

  /** The deployment's {@code fenced.idempotency.max-request-size}, in bytes. */
  public static final int LIMIT = 1024;

  @Inject Invocations invocations;

  /**
   * Files a document.
   *
   * @param tag the test's counter
   * @param body the bytes as the method receives them
   * @return 201 with {@code run length sha256}
   */
  @POST
  @Idempotent
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.TEXT_PLAIN)
  public Response file(@QueryParam("tag") String tag, byte[] body) {
    int run = invocations.increment(tag);
    return Response.status(201).entity(run + " " + body.length + " " + sha256(body)).build();
  }

  /**
   * Issues a statement.
   *
   * @param tag the test's counter
   * @return 201 with a text that names the run
   */
  @POST
  @Path("statements")
  @Idempotent
  @Compressed
  @Produces(MediaType.TEXT_PLAIN)
  public Response issue(@QueryParam("tag") String tag) {
    int run = invocations.increment(tag);
    return Response.status(201).entity(statement(run)).build();
  }

  /**
   * Builds a report.
   *
   * @param id the report
   * @param tag the test's counter
   * @return 200 with a text that names the run
   */
  @GET
  @Path("reports/{id}")
  @Idempotent
  @Produces(MediaType.TEXT_PLAIN)
  public Response report(@PathParam("id") String id, @QueryParam("tag") String tag) {
    int run = invocations.increment(tag);
    return Response.ok("report " + id + " run " + run).tag("r-" + run).language("en").build();
  }

  /**
   * The statement text of one run: a few KiB that compress well.
   *
   * @param run the run number
   * @return the text
   */
  public static String statement(int run) {
    return ("statement run " + run + "\n").repeat(200);
  }

  /**
   * The hex SHA-256 of some bytes, as the tests compute it too.
   *
   * @param bytes the bytes
   * @return lower-case hex
   */
  public static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing", e);
    }
  }
}
