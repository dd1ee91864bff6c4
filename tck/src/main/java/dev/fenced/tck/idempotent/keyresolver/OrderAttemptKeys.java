package dev.fenced.tck.idempotent.keyresolver;

import dev.fenced.idempotency.IdempotencyKeyResolver;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Named;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.ByteArrayInputStream;

/**
 * The key of an order's payment attempt, {@code order:<orderId>:<attempt>}, from two fields of the
 * JSON body; none when either is missing. A body with {@code "explode": true} makes it throw.
 */
@ApplicationScoped
@Named(OrderAttemptKeys.NAME)
public class OrderAttemptKeys implements IdempotencyKeyResolver {

  /** The bean's name, as {@code keyFrom} names it. */
  public static final String NAME = "orderAttemptKeys";

  @Override
  public String resolveKey(Request request) {
    JsonObject body;
    try (JsonReader reader = Json.createReader(new ByteArrayInputStream(request.body()))) {
      body = reader.readObject();
    }
    if (body.getBoolean("explode", false)) {
      throw new IllegalStateException("the resolver failed on purpose");
    }
    if (!body.containsKey("orderId") || !body.containsKey("attempt")) {
      return null;
    }
    JsonValue attempt = body.get("attempt");
    return "order:" + body.getString("orderId") + ":" + attempt;
  }
}
