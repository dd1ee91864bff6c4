package dev.fenced.locks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import dev.fenced.ErrorCode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class FenceTest {

  private final List<String> admitted = new ArrayList<>();
  private final Fence fence = (resource, token) -> admitted.add(resource + "@" + token);

  @Test
  void admitting_for_the_current_run_passes_that_runs_fencing_token() {
    LocksContext run =
        new LocksContext() {
          @Override
          public Optional<Lock> lock() {
            throw new AssertionError("only the token is read");
          }

          @Override
          public OptionalLong fencingToken() {
            return OptionalLong.of(42);
          }
        };

    fence.admit("ledger", run);

    assertThat(admitted).containsExactly("ledger@42");
  }

  @Test
  void admitting_for_the_current_run_outside_a_guarded_run_is_refused_and_admits_nothing() {
    LocksContext none = Optional::empty;

    assertThatIllegalStateException()
        .isThrownBy(() -> fence.admit("ledger", none))
        .withMessageContaining("no guarded run on this thread");
    assertThat(admitted).isEmpty();
  }

  @Test
  void a_stale_token_carries_its_code_resource_and_token() {
    StaleFencingTokenException stale = new StaleFencingTokenException("ledger", 7);

    assertThat(stale.code()).isEqualTo(ErrorCode.FENCING_TOKEN_STALE);
    assertThat(stale.code().httpStatus()).isEqualTo(409);
    assertThat(stale.resource()).isEqualTo("ledger");
    assertThat(stale.fencingToken()).isEqualTo(7);
    assertThat(stale.getMessage()).contains("'ledger'", "Fencing token 7", "rolls back");
  }
}
