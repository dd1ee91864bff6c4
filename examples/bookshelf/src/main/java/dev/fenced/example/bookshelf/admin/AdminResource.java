package dev.fenced.example.bookshelf.admin;

import dev.fenced.example.bookshelf.BookshelfProblem;
import dev.fenced.example.bookshelf.InstanceName;
import dev.fenced.example.bookshelf.inventory.WarehouseFeed;
import dev.fenced.example.bookshelf.invoices.InvoiceExport;
import dev.fenced.example.bookshelf.invoices.InvoiceExportRun;
import dev.fenced.example.bookshelf.payments.PaymentProvider;
import dev.fenced.example.bookshelf.shipping.Shipping;
import dev.fenced.locks.Lock;
import dev.fenced.locks.LockNotAcquiredException;
import dev.fenced.locks.LockOptions;
import dev.fenced.locks.Locks;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response.Status;
import java.time.Duration;
import java.util.List;

/** {@code /api/admin}: this instance's counters, export runs and leadership. */
@Path("admin")
@Produces(MediaType.APPLICATION_JSON)
@RequestScoped
public class AdminResource {

  /** How long a manual export waits for a running one before answering 409. */
  static final Duration EXPORT_WAIT = Duration.ofSeconds(2);

  @Inject PaymentProvider provider;
  @Inject Shipping shipping;
  @Inject InvoiceExport export;
  @Inject WarehouseFeed feed;
  @Inject InstanceName instance;
  @Inject Locks locks;

  /**
   * The charges the fake provider made.
   *
   * @return {@code {"count": n}}
   */
  @GET
  @Path("charges")
  public Count charges() {
    return new Count(provider.charges());
  }

  /**
   * The orders shipped.
   *
   * @return {@code {"count": n}}
   */
  @GET
  @Path("shipments")
  public Count shipments() {
    return new Count(shipping.shipments());
  }

  /**
   * Runs the invoice export now, under the scheduled export's run lock: it waits up to 2 s for a
   * run in progress (here or on another instance), then gives up with 409.
   *
   * @return the run
   * @throws Exception when the export fails
   */
  @POST
  @Path("invoice-exports")
  public InvoiceExportRun exportNow() throws Exception {
    try {
      return locks.withLock(
          InvoiceExport.KEY,
          () -> export.run("manual"),
          LockOptions.defaults().withWait(EXPORT_WAIT));
    } catch (LockNotAcquiredException e) {
      throw new BookshelfProblem(
          Status.CONFLICT,
          "EXPORT_IN_PROGRESS",
          "Invoice export in progress",
          "Another run of the invoice export still holds its lock after "
              + EXPORT_WAIT.toSeconds()
              + " s: try again when it has finished.");
    }
  }

  /**
   * The last export runs of this instance, newest first.
   *
   * @return the runs
   */
  @GET
  @Path("invoice-exports")
  public List<InvoiceExportRun> exports() {
    return export.runs();
  }

  /**
   * Whether this instance leads the warehouse feed.
   *
   * @return the leadership
   */
  @GET
  @Path("leader")
  public Leadership leader() {
    Long token = feed.lease().map(Lock::fencingToken).orElse(null);
    return new Leadership(token != null, token, instance.get());
  }
}
