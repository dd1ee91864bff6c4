package dev.fenced.arquillian.cluster.faults;

import dev.fenced.arquillian.harness.PostgresTckDatabase;
import dev.fenced.arquillian.harness.RedisTckStoreProvider;
import dev.fenced.testservers.RedisTestServer;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * The idempotency records in the run's store, read directly (not through the store link): the
 * {@code key} column of {@code fenced_idempotency} in the run's schema (JPA), or the names of the
 * {@code idem} keys under the run's prefix (Redis). The store is the one {@code fenced.tck.store}
 * names.
 */
final class IdempotencyRecords {

  private IdempotencyRecords() {}

  /**
   * The store keys of every idempotency record now.
   *
   * @return the record keys (JPA) or key names (Redis), each holding the client's key
   */
  static List<String> keys() {
    String store = System.getProperty("fenced.tck.store", "").strip().toLowerCase(Locale.ROOT);
    return switch (store) {
      case "jpa" -> jpa();
      case "redis" -> redis();
      default ->
          throw new IllegalStateException(
              "the fault suite runs with fenced.tck.store jpa or redis, not '" + store + "'");
    };
  }

  /**
   * The store's name, as {@code fenced.tck.store} gives it.
   *
   * @return {@code jpa} or {@code redis}
   */
  static String store() {
    return System.getProperty("fenced.tck.store", "?");
  }

  private static List<String> jpa() {
    try (Connection connection = PostgresTckDatabase.prepare().connect();
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery("SELECT key FROM fenced_idempotency")) {
      List<String> keys = new ArrayList<>();
      while (rows.next()) {
        keys.add(rows.getString(1));
      }
      return keys;
    } catch (SQLException e) {
      throw new IllegalStateException("cannot read fenced_idempotency", e);
    }
  }

  private static List<String> redis() {
    List<String> keys = new ArrayList<>();
    try (JedisPooled redis = new JedisPooled(RedisTestServer.get().url())) {
      ScanParams match = new ScanParams().match(RedisTckStoreProvider.KEY_PREFIX + "idem:*");
      match.count(1000);
      String cursor = ScanParams.SCAN_POINTER_START;
      do {
        ScanResult<byte[]> page = redis.scan(cursor.getBytes(StandardCharsets.UTF_8), match);
        for (byte[] name : page.getResult()) {
          keys.add(new String(name, StandardCharsets.UTF_8));
        }
        cursor = page.getCursor();
      } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
    }
    return keys;
  }
}
