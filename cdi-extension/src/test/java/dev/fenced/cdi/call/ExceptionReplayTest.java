package dev.fenced.cdi.call;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.ErrorCode;
import dev.fenced.idempotency.IdempotencyException;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExceptionReplayTest {

  /** Listed, and rebuilt through its no-argument constructor. */
  public static class Settled extends Exception {
    private static final long serialVersionUID = 1L;

    public Settled() {
      super("settled");
    }
  }

  /** Listed too; a replay gives it its stored message. */
  public static class Refunded extends Exception {
    private static final long serialVersionUID = 1L;

    public Refunded(String message) {
      super(message);
    }
  }

  private final FailureOutcomes replay =
      ExceptionReplay.of(List.of(Settled.class, Refunded.class), FailureOutcomes.NONE);

  @Test
  void nothing_listed_leaves_the_other_outcomes_as_they_are() {
    assertThat(ExceptionReplay.of(List.of(), FailureOutcomes.NONE)).isSameAs(FailureOutcomes.NONE);
  }

  @Test
  void a_listed_exception_and_its_subclasses_are_chosen_others_are_not() {
    assertThat(replay.chosen(new Refunded("r"))).isTrue();
    assertThat(replay.chosen(new Settled() {})).isTrue();
    assertThat(replay.chosen(new IllegalStateException())).isFalse();
  }

  @Test
  void a_class_without_a_message_constructor_is_rebuilt_through_its_no_argument_one() {
    assertThat(replay.replay(new StoredFailure(Settled.class.getName(), "settled")))
        .isExactlyInstanceOf(Settled.class);
  }

  @Test
  void a_class_with_a_message_constructor_gets_the_stored_message() {
    assertThat(replay.replay(new StoredFailure(Refunded.class.getName(), "refunded twice")))
        .isExactlyInstanceOf(Refunded.class)
        .hasMessage("refunded twice");
  }

  @Test
  void a_stored_class_that_is_gone_fails_closed_as_an_unreadable_record() {
    Exception replayed = replay.replay(new StoredFailure("com.example.Gone", "charged"));

    assertThat(replayed)
        .isInstanceOfSatisfying(
            IdempotencyException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.IDEMPOTENCY_RECORD_UNREADABLE))
        .hasMessageContaining("com.example.Gone")
        .hasMessageContaining("was not run again");
  }

  @Test
  void an_abstract_class_or_one_without_usable_constructors_cannot_be_rebuilt() {
    assertThat(ExceptionReplay.canRebuild(Refunded.class)).isTrue();
    assertThat(ExceptionReplay.canRebuild(ReflectiveOperationException.class)).isTrue();
    assertThat(ExceptionReplay.canRebuild(java.io.UncheckedIOException.class)).isFalse();
    assertThat(ExceptionReplay.canRebuild(String.class)).isFalse();
  }
}
