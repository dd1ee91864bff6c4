package dev.fenced.example.bookshelf;

import static dev.fenced.example.bookshelf.BookshelfApi.object;
import static org.assertj.core.api.Assertions.assertThat;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalTime;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * The invoice export: the {@code @Schedule} with {@code @OnOneInstance @WithoutOverlapping}, and
 * {@code POST /api/admin/invoice-exports} under the same run lock (wait 2 s, then 409).
 */
class InvoiceExportIT {

  private final BookshelfApi api = new BookshelfApi();

  @Test
  void runs_an_export_by_hand_with_its_fencing_token() throws Exception {
    awaitNoScheduledRun();

    HttpResponse<byte[]> ran = api.post("admin/invoice-exports", "");

    assertThat(ran.statusCode()).isEqualTo(200);
    JsonObject run = object(ran);
    assertThat(run.getString("trigger")).isEqualTo("manual");
    assertThat(run.getString("instance")).isNotBlank();
    assertThat(run.getJsonNumber("fencingToken").longValue()).isPositive();
    assertThat(exports()).first().isEqualTo(run);
  }

  @Test
  void refuses_an_export_while_another_holds_the_lock_after_waiting_2_seconds() throws Exception {
    awaitNoScheduledRun();
    // an export takes 3 s: sent at once, one request runs it, the other waits 2 s for the lock and
    // gives up; which is which is the server's choice
    long start = System.nanoTime();
    List<CompletableFuture<Timed>> requests = List.of(timedExport(start), timedExport(start));
    List<Timed> answers = requests.stream().map(CompletableFuture::join).toList();

    assertThat(answers)
        .extracting(a -> a.response().statusCode())
        .containsExactlyInAnyOrder(200, 409);
    Timed refused = answers.get(0).response().statusCode() == 409 ? answers.get(0) : answers.get(1);
    assertThat(object(refused.response()).getString("code")).isEqualTo("EXPORT_IN_PROGRESS");
    // never before the 2 s wait; a loaded machine may answer late, but a request that waited for
    // the lock to be free (3 s) would have run the export and answered 200
    assertThat(refused.after()).isGreaterThanOrEqualTo(Duration.ofMillis(1900));
  }

  private record Timed(HttpResponse<byte[]> response, Duration after) {}

  private CompletableFuture<Timed> timedExport(long start) {
    return api.postAsync("admin/invoice-exports", "")
        .thenApply(response -> new Timed(response, Duration.ofNanos(System.nanoTime() - start)));
  }

  @Test
  void the_schedule_exports_with_a_token_greater_than_every_earlier_runs() throws Exception {
    Instant deadline = Instant.now().plus(Duration.ofSeconds(25));
    while (scheduledRuns() < 1 && Instant.now().isBefore(deadline)) {
      Thread.sleep(500);
    }

    JsonArray runs = exports();
    assertThat(scheduledRuns()).isPositive();
    for (int i = 1; i < runs.size(); i++) {
      long newer = runs.getJsonObject(i - 1).getJsonNumber("fencingToken").longValue();
      long older = runs.getJsonObject(i).getJsonNumber("fencingToken").longValue();
      assertThat(newer).isGreaterThan(older);
    }
  }

  private long scheduledRuns() throws Exception {
    return exports().stream()
        .map(JsonObject.class::cast)
        .filter(run -> run.getString("trigger").equals("schedule"))
        .count();
  }

  private JsonArray exports() throws Exception {
    HttpResponse<byte[]> listed = api.get("admin/invoice-exports");
    assertThat(listed.statusCode()).isEqualTo(200);
    return (JsonArray) BookshelfApi.structure(listed);
  }

  /**
   * Waits until the scheduled export (every 15 s of the server's clock, which is this machine's, 3
   * s long) has finished and the next one is at least 8 s away, so it cannot hold the lock a manual
   * run needs.
   */
  private static void awaitNoScheduledRun() throws InterruptedException {
    double second = LocalTime.now().toNanoOfDay() / 1e9 % 15;
    if (second < 4 || second > 7) {
      Thread.sleep((long) (((19 - second) % 15) * 1000));
    }
  }
}
