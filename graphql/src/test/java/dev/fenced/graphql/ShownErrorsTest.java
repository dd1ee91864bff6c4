package dev.fenced.graphql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.cdi.call.StoredFailure;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.function.Supplier;
import org.eclipse.microprofile.graphql.GraphQLException;
import org.junit.jupiter.api.Test;

/** The exceptions of a mutation that are its outcome, and what their replay throws. */
class ShownErrorsTest {

  private final ShownErrors errors = ShownErrors.INSTANCE;

  /** A business error of the application. */
  public static class CardDeclined extends Exception {
    private static final long serialVersionUID = 1L;

    public CardDeclined(String message) {
      super(message);
    }
  }

  /** A business error that cannot be made from a message. */
  public static class LimitReached extends Exception {
    private static final long serialVersionUID = 1L;

    public LimitReached(int limit) {
      super("limit " + limit);
    }
  }

  @Test
  void stores_a_checked_exception() {
    assertThat(errors.stores(new CardDeclined("declined"))).isTrue();
  }

  @Test
  void stores_a_graphql_exception() {
    assertThat(errors.stores(new GraphQLException("no such account"))).isTrue();
  }

  @Test
  void does_not_store_an_unchecked_exception() {
    assertThat(errors.stores(new IllegalStateException("bug"))).isFalse();
  }

  @Test
  void does_not_store_an_error() {
    assertThat(errors.stores(new OutOfMemoryError())).isFalse();
  }

  @Test
  void replays_the_stored_class_with_the_stored_message() {
    assertThat(errors.replay(StoredFailure.of(new CardDeclined("declined"))))
        .isExactlyInstanceOf(CardDeclined.class)
        .hasMessage("declined");
  }

  @Test
  void replays_a_class_of_the_jdk() {
    assertThat(errors.replay(new StoredFailure(IOException.class.getName(), "disk full")))
        .isExactlyInstanceOf(IOException.class)
        .hasMessage("disk full");
  }

  @Test
  void replays_a_graphql_exception_as_one() {
    assertThat(errors.replay(StoredFailure.of(new GraphQLException("no such account"))))
        .isExactlyInstanceOf(GraphQLException.class)
        .hasMessage("no such account");
  }

  @Test
  void replays_an_unknown_class_as_a_graphql_exception_with_the_message() {
    assertThat(errors.replay(new StoredFailure("com.example.GoneSince", "declined")))
        .isExactlyInstanceOf(GraphQLException.class)
        .hasMessage("declined");
  }

  @Test
  void replays_an_unchecked_class_as_a_graphql_exception_with_the_message() {
    assertThat(errors.replay(new StoredFailure(IllegalStateException.class.getName(), "bug")))
        .isExactlyInstanceOf(GraphQLException.class)
        .hasMessage("bug");
  }

  @Test
  void replays_a_class_without_a_string_constructor_as_a_graphql_exception_with_the_message() {
    assertThat(errors.replay(StoredFailure.of(new LimitReached(3))))
        .isExactlyInstanceOf(GraphQLException.class)
        .hasMessage("limit 3");
  }

  @Test
  void replays_a_class_that_is_no_exception_as_a_graphql_exception_with_the_message() {
    assertThat(errors.replay(new StoredFailure(String.class.getName(), "declined")))
        .isExactlyInstanceOf(GraphQLException.class)
        .hasMessage("declined");
  }

  @Test
  void loads_the_stored_class_through_the_context_class_loader() throws Exception {
    URL testClasses = CardDeclined.class.getProtectionDomain().getCodeSource().getLocation();
    try (URLClassLoader application =
        new URLClassLoader(new URL[] {testClasses}, ClassLoader.getPlatformClassLoader())) {
      Exception replayed =
          withContextClassLoader(
              application, () -> errors.replay(StoredFailure.of(new CardDeclined("declined"))));

      assertThat(replayed.getClass().getName()).isEqualTo(CardDeclined.class.getName());
      assertThat(replayed.getClass().getClassLoader()).isSameAs(application);
      assertThat(replayed).hasMessage("declined");
    }
  }

  @Test
  void replays_a_class_the_context_class_loader_does_not_know_as_a_graphql_exception()
      throws Exception {
    try (URLClassLoader platformOnly =
        new URLClassLoader(new URL[0], ClassLoader.getPlatformClassLoader())) {
      Exception replayed =
          withContextClassLoader(
              platformOnly, () -> errors.replay(StoredFailure.of(new CardDeclined("declined"))));

      assertThat(replayed).isExactlyInstanceOf(GraphQLException.class).hasMessage("declined");
    }
  }

  private static Exception withContextClassLoader(ClassLoader loader, Supplier<Exception> work) {
    Thread thread = Thread.currentThread();
    ClassLoader before = thread.getContextClassLoader();
    thread.setContextClassLoader(loader);
    try {
      return work.get();
    } finally {
      thread.setContextClassLoader(before);
    }
  }
}
