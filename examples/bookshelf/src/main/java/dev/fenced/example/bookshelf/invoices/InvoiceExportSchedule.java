package dev.fenced.example.bookshelf.invoices;

import dev.fenced.locks.OnOneInstance;
import dev.fenced.locks.WithoutOverlapping;
import jakarta.ejb.Schedule;
import jakarta.ejb.Singleton;
import jakarta.inject.Inject;

/**
 * Exports the invoices every 15 seconds, on one instance of the cluster: the first instance whose
 * timer goes off takes the lease {@code invoices:export:owner} and keeps it; the others skip their
 * ticks until it stops. The run lock {@value InvoiceExport#KEY} keeps a manual run and a scheduled
 * one apart.
 */
@Singleton
public class InvoiceExportSchedule {

  @Inject InvoiceExport export;

  @Schedule(second = "*/15", minute = "*", hour = "*", persistent = false)
  @OnOneInstance(key = InvoiceExport.KEY)
  @WithoutOverlapping(key = InvoiceExport.KEY)
  void exportInvoices() throws InterruptedException {
    export.run("schedule");
  }
}
