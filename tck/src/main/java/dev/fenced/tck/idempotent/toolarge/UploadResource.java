package dev.fenced.tck.idempotent.toolarge;

import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * {@code POST /api/uploads?tag=t} with a binary body: answers 201 with the run number, the body's
 * length and its SHA-256, so a test sees the exact bytes the method received.
 */
@Path("uploads")
@RequestScoped
public class UploadResource {

  /** The deployment's {@code fenced.idempotency.max-request-size}, in bytes. */
  public static final int LIMIT = 1024;

  @Inject Invocations invocations;

  /**
   * Stores an upload.
   *
   * @param tag the test's counter
   * @param body the uploaded bytes
   * @return 201 with {@code run length sha256}
   */
  @POST
  @Idempotent
  @Consumes(MediaType.APPLICATION_OCTET_STREAM)
  @Produces(MediaType.TEXT_PLAIN)
  public Response upload(@QueryParam("tag") String tag, byte[] body) {
    int run = invocations.increment(tag);
    return Response.status(201).entity(run + " " + body.length + " " + sha256(body)).build();
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
