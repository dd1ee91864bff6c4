package dev.fenced.tck.idempotent.replay;

import dev.fenced.idempotency.Idempotent;
import dev.fenced.tck.deployed.Invocations;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.EntityTag;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.nio.ByteBuffer;
import java.util.Date;
import java.util.Locale;

/**
 * Responses that differ on every run (a run number and a clock reading in the body and in headers),
 * so a replay that ran the method again, or rebuilt the response, shows.
 */
@Path("receipts")
@RequestScoped
public class ReceiptResource {

  /** A header off the allowlist, different on every run. */
  public static final String REQUEST_TIME = "X-Request-Time";

  /** A header named in {@code replayHeaders}, different on every run. */
  public static final String TRACE_ID = "X-Trace-Id";

  @Inject Invocations invocations;

  /**
   * Issues a receipt with every allowlisted header set.
   *
   * @param tag the test's counter
   * @param payment the JSON payment
   * @param uri the request's URI
   * @return 201 with a JSON body and headers that change per run
   */
  @POST
  @Idempotent(replayHeaders = TRACE_ID)
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response issue(@QueryParam("tag") String tag, String payment, @Context UriInfo uri) {
    int run = invocations.increment(tag);
    long now = System.nanoTime();
    return Response.created(uri.getBaseUriBuilder().path("receipts").path(tag + "-" + run).build())
        .tag(new EntityTag("r" + run + "-" + now))
        .language(Locale.forLanguageTag("de-CH"))
        .contentLocation(uri.getBaseUriBuilder().path("receipts").path("latest").build())
        .lastModified(new Date(1_700_000_000_000L + run * 1000L))
        .header(REQUEST_TIME, Long.toString(now))
        .header(TRACE_ID, "trace-" + now)
        .cookie(new NewCookie.Builder("session").value("s" + now).path("/").build())
        .entity("{\"run\":" + run + ",\"at\":" + now + ",\"payment\":" + payment + "}")
        .build();
  }

  /**
   * Answers binary bytes: every byte value from 0 to 255, then the run number and a clock reading.
   *
   * @param tag the test's counter
   * @return 200 with {@code application/octet-stream}
   */
  @POST
  @Path("binary")
  @Idempotent
  @Produces(MediaType.APPLICATION_OCTET_STREAM)
  public byte[] binary(@QueryParam("tag") String tag) {
    int run = invocations.increment(tag);
    ByteBuffer bytes = ByteBuffer.allocate(256 + Integer.BYTES + Long.BYTES);
    for (int b = 0; b < 256; b++) {
      bytes.put((byte) b);
    }
    return bytes.putInt(run).putLong(System.nanoTime()).array();
  }

  /**
   * Acknowledges without a body.
   *
   * @param tag the test's counter
   */
  @POST
  @Path("acknowledgements")
  @Idempotent
  public void acknowledge(@QueryParam("tag") String tag) {
    invocations.increment(tag);
  }
}
