package dev.fenced.example.bookshelf;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Fenced's readiness checks on WildFly's management health endpoint, as an operator reads them. */
class ReadinessIT {

  @Test
  void the_readiness_endpoint_reports_both_stores_of_the_demo_up_on_postgresql() throws Exception {
    Readiness ready = Readiness.read();

    assertThat(ready.status()).as(ready.body()).isEqualTo(200);
    assertThat(ready.statusOf("fenced-idempotency-store")).as(ready.body()).isEqualTo("UP");
    assertThat(ready.statusOf("fenced-lock-store")).as(ready.body()).isEqualTo("UP");
    assertThat(ready.dataOf("fenced-idempotency-store", "store")).isEqualTo("jpa");
    assertThat(ready.dataOf("fenced-lock-store", "store")).isEqualTo("jpa");
  }
}
