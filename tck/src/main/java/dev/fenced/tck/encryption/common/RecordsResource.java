package dev.fenced.tck.encryption.common;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * {@code /api/records?key=<record key>} over {@link RecordWindow}: {@code GET} reads a record as
 * stored (404 when none), {@code PUT} plants one (201; 200 when the key already holds one), {@code
 * POST /api/records/tamper} changes the next record of the key on its way into the store. Bodies
 * are {@link StoredRecord}'s text form.
 */
@Path("records")
@RequestScoped
public class RecordsResource {

  @Inject RecordWindow window;

  /**
   * Reads a record.
   *
   * @param key the record key
   * @return 200 with the record, or 404
   */
  @GET
  @Produces(MediaType.TEXT_PLAIN)
  public Response read(@QueryParam("key") String key) {
    return window
        .read(key)
        .map(found -> Response.ok(found.toText()).build())
        .orElseGet(() -> Response.status(404).build());
  }

  /**
   * Plants a record.
   *
   * @param key the record key
   * @param body the record's text form
   * @return 201 when planted, 200 when the key already held a record
   */
  @PUT
  @Consumes(MediaType.TEXT_PLAIN)
  public Response plant(@QueryParam("key") String key, String body) {
    return Response.status(window.plant(key, StoredRecord.fromText(body)) ? 201 : 200).build();
  }

  /**
   * Damages the next record of a key.
   *
   * @param key the record key
   * @return 204
   */
  @POST
  @Path("tamper")
  public Response tamper(@QueryParam("key") String key) {
    window.tamperWithNext(key);
    return Response.noContent().build();
  }
}
