package dev.fenced.example.bookshelf;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The demo on PostgreSQL while PostgreSQL is unreachable (the {@link DemoDatabase} proxy refuses
 * every connection) and after it is back: what an operator sees on WildFly's management health
 * endpoint, how long it takes to answer while PostgreSQL does not answer at all (the proxy
 * black-holes every connection), and that the demo recovers without a restart. Runs last
 * (Failsafe's alphabetical order), so the outage touches no other test.
 */
class StoreOutageIT {

  private static final Path MODE =
      Path.of(System.getProperty("bookshelf.demo-database.dir"), DemoDatabase.MODE);
  private static final Duration WAIT = Duration.ofSeconds(60);
  private static final Duration ANSWERED_WITHIN = Duration.ofMillis(1_800);

  @AfterEach
  void postgresqlIsBack() throws Exception {
    Files.writeString(MODE, "forward", StandardCharsets.UTF_8);
  }

  @Test
  void both_readiness_checks_go_down_with_a_reason_while_postgresql_is_unreachable_and_up_after()
      throws Exception {
    assertThat(await(r -> r.status() == 200).status()).as("ready before the outage").isEqualTo(200);

    Files.writeString(MODE, "reset", StandardCharsets.UTF_8);
    Readiness down = await(r -> r.status() == 503 && bothAre(r, "DOWN"));

    assertThat(down.status()).as(down.body()).isEqualTo(503);
    assertThat(down.statusOf("fenced-idempotency-store")).as(down.body()).isEqualTo("DOWN");
    assertThat(down.statusOf("fenced-lock-store")).as(down.body()).isEqualTo("DOWN");
    assertThat(down.dataOf("fenced-idempotency-store", "reason")).as(down.body()).isNotBlank();

    Files.writeString(MODE, "forward", StandardCharsets.UTF_8);
    Readiness up = await(r -> r.status() == 200 && bothAre(r, "UP"));

    assertThat(up.status()).as(up.body()).isEqualTo(200);
    assertThat(up.statusOf("fenced-idempotency-store")).as(up.body()).isEqualTo("UP");
    assertThat(up.statusOf("fenced-lock-store")).as(up.body()).isEqualTo("UP");
    BookshelfApi api = new BookshelfApi();
    assertThat(api.pay(api.createOrder(), "after-outage-" + UUID.randomUUID()).statusCode())
        .as("a payment once PostgreSQL is back")
        .isEqualTo(201);
  }

  @Test
  void the_readiness_endpoint_answers_within_the_checks_timeout_while_postgresql_is_black_holed()
      throws Exception {
    assertThat(await(r -> r.status() == 200).status()).as("ready before the outage").isEqualTo(200);

    Files.writeString(MODE, "black-hole", StandardCharsets.UTF_8);
    Thread.sleep(500); // the proxy reads its mode every 100 ms
    for (int probe = 0; probe < 3; probe++) {
      long start = System.nanoTime();
      Readiness down = Readiness.read();
      Duration took = Duration.ofNanos(System.nanoTime() - start);
      System.out.printf(
          "readiness with PostgreSQL black-holed, probe %d: %d ms, HTTP %d%n",
          probe, took.toMillis(), down.status());

      // fenced.health.timeout (800 ms) for both checks at once, and what a loaded machine adds
      assertThat(took).as("probe %d: %s", probe, down.body()).isLessThan(ANSWERED_WITHIN);
      assertThat(down.status()).as(down.body()).isEqualTo(503);
      assertThat(bothAre(down, "DOWN")).as(down.body()).isTrue();
      assertThat(down.dataOf("fenced-idempotency-store", "reason"))
          .as(down.body())
          .contains("did not answer within fenced.health.timeout");
    }

    Files.writeString(MODE, "forward", StandardCharsets.UTF_8);
    Readiness up = await(r -> r.status() == 200 && bothAre(r, "UP"));
    assertThat(up.status()).as("ready again: " + up.body()).isEqualTo(200);
  }

  private static boolean bothAre(Readiness readiness, String status) {
    return status.equals(readiness.statusOf("fenced-idempotency-store"))
        && status.equals(readiness.statusOf("fenced-lock-store"));
  }

  /** Reads the endpoint every 250 ms until the condition holds or {@link #WAIT} has passed. */
  private static Readiness await(Predicate<Readiness> condition) throws Exception {
    long deadline = System.nanoTime() + WAIT.toNanos();
    Readiness readiness = Readiness.read();
    while (!condition.test(readiness) && System.nanoTime() < deadline) {
      Thread.sleep(250);
      readiness = Readiness.read();
    }
    return readiness;
  }
}
