package dev.fenced;

import static org.assertj.core.api.Assertions.assertThat;

import dev.fenced.locks.DetectedBy;
import dev.fenced.locks.LockLostException;
import dev.fenced.locks.LockNotAcquiredException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class ErrorCodeTest {

  @Test
  void the_http_answers_match_the_design_table() {
    assertThat(ErrorCode.IDEMPOTENCY_KEY_IN_USE.httpStatus()).isEqualTo(409);
    assertThat(ErrorCode.IDEMPOTENCY_KEY_REUSED.httpStatus()).isEqualTo(422);
    assertThat(ErrorCode.IDEMPOTENCY_KEY_REQUIRED.httpStatus()).isEqualTo(400);
    assertThat(ErrorCode.IDEMPOTENCY_KEY_INVALID.httpStatus()).isEqualTo(400);
    assertThat(ErrorCode.IDEMPOTENCY_RECORD_UNREADABLE.httpStatus()).isEqualTo(500);
    assertThat(ErrorCode.IDEMPOTENCY_STORE_UNAVAILABLE.httpStatus()).isEqualTo(503);
  }

  @Test
  void every_code_is_an_error_status_with_a_title() {
    for (ErrorCode code : ErrorCode.values()) {
      assertThat(code.httpStatus()).as(code.name()).isBetween(400, 599);
      assertThat(code.title()).as(code.name()).isNotBlank();
    }
  }

  @Test
  void every_code_has_its_problem_page_section_and_its_row_in_the_errors_guide()
      throws IOException {
    Path docs = Path.of(System.getProperty("user.dir")).resolveSibling("docs");
    String problems = Files.readString(docs.resolve("problems.md"));
    String errors = Files.readString(docs.resolve("guide/errors.md"));

    for (ErrorCode code : ErrorCode.values()) {
      String anchor = code.name().toLowerCase(Locale.ROOT).replace('_', '-');
      assertThat(problems).as("docs/problems.md").contains("\n## " + anchor + "\n");
      assertThat(errors)
          .as("docs/guide/errors.md")
          .contains("| `" + code.name() + "` | " + code.httpStatus() + " |");
    }
  }

  @Test
  void lock_exceptions_carry_their_code_and_details() {
    LockNotAcquiredException notAcquired =
        new LockNotAcquiredException("invoices", Duration.ofSeconds(2));
    LockLostException lost = new LockLostException("invoices", 7, DetectedBy.DEADLINE);

    assertThat(notAcquired.code()).isEqualTo(ErrorCode.LOCK_NOT_ACQUIRED);
    assertThat(notAcquired.waited()).isEqualTo(Duration.ofSeconds(2));
    assertThat(notAcquired.getMessage()).contains("invoices", "2000 ms");
    assertThat(lost.code()).isEqualTo(ErrorCode.LOCK_LOST);
    assertThat(lost.fencingToken()).isEqualTo(7);
    assertThat(lost.getMessage()).contains("DEADLINE", "fencing token 7");
  }
}
