package dev.fenced.example.bookshelf;

import static dev.fenced.example.bookshelf.BookshelfApi.object;
import static org.assertj.core.api.Assertions.assertThat;

import jakarta.json.JsonObject;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** {@code @LeaderElection("inventory:warehouse-feed")} and {@code GET /api/admin/leader}. */
class LeaderIT {

  private final BookshelfApi api = new BookshelfApi();

  @Test
  void the_only_instance_leads_the_warehouse_feed_with_a_fencing_token() throws Exception {
    Instant deadline = Instant.now().plus(Duration.ofSeconds(30));
    JsonObject leadership = object(api.get("admin/leader"));
    while (!leadership.getBoolean("leader") && Instant.now().isBefore(deadline)) {
      Thread.sleep(200);
      leadership = object(api.get("admin/leader"));
    }

    assertThat(leadership.getBoolean("leader")).isTrue();
    assertThat(leadership.getJsonNumber("fencingToken").longValue()).isPositive();
    assertThat(leadership.getString("instance")).isNotBlank();
  }
}
