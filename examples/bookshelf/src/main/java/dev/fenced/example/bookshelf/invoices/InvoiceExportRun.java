package dev.fenced.example.bookshelf.invoices;

import jakarta.json.bind.annotation.JsonbPropertyOrder;
import java.time.Instant;

/**
 * One run of the invoice export.
 *
 * @param instance the instance that ran it
 * @param trigger {@code schedule} or {@code manual}
 * @param fencingToken the token of the run lock it held: greater than every earlier run's
 * @param startedAt when it started
 * @param finishedAt when it finished
 */
@JsonbPropertyOrder({"instance", "trigger", "fencingToken", "startedAt", "finishedAt"})
public record InvoiceExportRun(
    String instance, String trigger, long fencingToken, Instant startedAt, Instant finishedAt) {}
