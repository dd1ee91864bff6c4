package dev.fenced.cdi.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Type;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import org.junit.jupiter.api.Test;

class ReturnedValueTest {

  record Receipt(String id) {}

  interface Returns {
    Receipt plain();

    CompletionStage<List<Receipt>> stage();

    CompletableFuture<Void> nothingLater();

    @SuppressWarnings("rawtypes")
    CompletionStage raw();

    Future<Receipt> future();

    FutureTask<Receipt> futureTask();

    CompletionStage<CompletionStage<Receipt>> nested();
  }

  @Test
  void a_value_is_stored_as_returned() {
    assertThat(ReturnedValue.of(type("plain"))).isEqualTo(new ReturnedValue(Receipt.class, false));
  }

  @Test
  void a_stage_stores_the_value_it_completes_with() {
    ReturnedValue stage = ReturnedValue.of(type("stage"));

    assertThat(stage.staged()).isTrue();
    assertThat(stage.valueType().getTypeName())
        .isEqualTo("java.util.List<" + Receipt.class.getName() + ">");
    assertThat(ReturnedValue.problem(type("stage"))).isEmpty();
  }

  @Test
  void a_stage_of_void_stores_a_completion() {
    assertThat(ReturnedValue.of(type("nothingLater")))
        .isEqualTo(new ReturnedValue(Void.class, true));
    assertThat(ReturnedValue.problem(type("nothingLater"))).isEmpty();
  }

  @Test
  void a_raw_stage_is_refused_for_not_saying_its_value_type() {
    assertThat(ReturnedValue.problem(type("raw")))
        .hasValueSatisfying(
            p -> assertThat(p).contains("raw java.util.concurrent.CompletionStage"));
  }

  @Test
  void a_future_is_refused_for_needing_a_blocked_thread() {
    assertThat(ReturnedValue.problem(type("future")))
        .hasValueSatisfying(p -> assertThat(p).contains("Future", "blocking a thread"));
    assertThat(ReturnedValue.problem(type("futureTask")))
        .hasValueSatisfying(p -> assertThat(p).contains("java.util.concurrent.FutureTask"));
  }

  @Test
  void a_stage_of_a_stage_is_refused() {
    assertThat(ReturnedValue.problem(type("nested")))
        .hasValueSatisfying(p -> assertThat(p).contains("cannot be stored"));
  }

  private static Type type(String method) {
    try {
      return Returns.class.getMethod(method).getGenericReturnType();
    } catch (NoSuchMethodException e) {
      throw new AssertionError(e);
    }
  }
}
