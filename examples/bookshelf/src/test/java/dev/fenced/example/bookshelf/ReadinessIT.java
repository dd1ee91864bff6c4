package dev.fenced.example.bookshelf;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Fenced's readiness checks on WildFly's management health endpoint, as an operator reads them. */
class ReadinessIT {

  @Test
  void the_readiness_endpoint_reports_both_stores_of_the_demo_up_on_postgresql() throws Exception {
    // within fenced.health.timeout each: a store still opening on first use may be DOWN at first
    Readiness ready = Readiness.read();
    long deadline = System.nanoTime() + java.time.Duration.ofSeconds(30).toNanos();
    while (ready.status() != 200 && System.nanoTime() < deadline) {
      Thread.sleep(250);
      ready = Readiness.read();
    }

    assertThat(ready.status()).as(ready.body()).isEqualTo(200);
    assertThat(ready.statusOf("fenced-idempotency-store")).as(ready.body()).isEqualTo("UP");
    assertThat(ready.statusOf("fenced-lock-store")).as(ready.body()).isEqualTo("UP");
    assertThat(ready.dataOf("fenced-idempotency-store", "store")).isEqualTo("jpa");
    assertThat(ready.dataOf("fenced-lock-store", "store")).isEqualTo("jpa");
  }
}
