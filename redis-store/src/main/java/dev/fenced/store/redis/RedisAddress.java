package dev.fenced.store.redis;

import dev.fenced.DeploymentProblem;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import redis.clients.jedis.HostAndPort;

/**
 * Where Redis is, read from {@code fenced.redis.url}: {@code
 * redis[s]://[[user]:password@]host[:port][,host[:port]...][/database]}. Several hosts are the seed
 * nodes of a Redis Cluster or the sentinels of a Sentinel set-up; {@code rediss} is TLS. The user
 * and password are percent-decoded (write {@code @} as {@code %40}).
 *
 * @param tls whether the scheme is {@code rediss}
 * @param nodes one or more hosts with their ports ({@value #DEFAULT_PORT} when left out)
 * @param user the ACL user, or {@code null}
 * @param password the password, or {@code null}
 * @param database the database number, 0 when left out
 */
record RedisAddress(
    boolean tls, List<HostAndPort> nodes, String user, String password, int database) {

  static final int DEFAULT_PORT = 6379;

  RedisAddress {
    nodes = List.copyOf(nodes);
  }

  /**
   * Parses a URL.
   *
   * @param key the config key, for messages
   * @param url the value
   * @throws IllegalArgumentException ({@code FENCED-D401}) naming the key and the URL with its
   *     password masked
   */
  static RedisAddress parse(String key, String url) {
    String text = url.strip();
    int schemeEnd = text.indexOf("://");
    String scheme = schemeEnd < 0 ? "" : text.substring(0, schemeEnd).toLowerCase(Locale.ROOT);
    if (!scheme.equals("redis") && !scheme.equals("rediss")) {
      throw invalid(key, text, "redis:// or rediss://");
    }
    String rest = text.substring(schemeEnd + 3);
    int slash = rest.indexOf('/');
    String authority = slash < 0 ? rest : rest.substring(0, slash);
    String path = slash < 0 ? "" : rest.substring(slash + 1);
    int at = authority.lastIndexOf('@');
    String user = null;
    String password = null;
    if (at >= 0) {
      String userInfo = authority.substring(0, at);
      int colon = userInfo.indexOf(':');
      try {
        user = decoded(colon < 0 ? userInfo : userInfo.substring(0, colon));
        password = colon < 0 ? null : decoded(userInfo.substring(colon + 1));
      } catch (IllegalArgumentException e) {
        throw invalid(key, text, "a URL whose user and password are percent-encoded");
      }
      if (colon < 0) {
        // redis://secret@host is the password alone, as Redis clients read it
        password = user;
        user = null;
      }
      authority = authority.substring(at + 1);
    }
    List<HostAndPort> nodes = new ArrayList<>();
    for (String node : authority.split(",", -1)) {
      nodes.add(node(key, text, node.strip()));
    }
    int database = 0;
    String db = path.strip();
    if (db.endsWith("/")) {
      db = db.substring(0, db.length() - 1);
    }
    if (!db.isEmpty()) {
      try {
        database = Integer.parseInt(db);
      } catch (NumberFormatException e) {
        throw invalid(key, text, "a URL whose path is a database number, e.g. /0");
      }
      if (database < 0) {
        throw invalid(key, text, "a URL whose path is a database number, e.g. /0");
      }
    }
    return new RedisAddress(
        scheme.equals("rediss"), nodes, blankToNull(user), blankToNull(password), database);
  }

  /** The URL with the password masked, for messages and logs. */
  static String masked(String url) {
    String text = url.strip();
    int schemeEnd = text.indexOf("://");
    int at = text.lastIndexOf('@', slashAfter(text, schemeEnd));
    if (schemeEnd < 0 || at < 0) {
      return text;
    }
    String userInfo = text.substring(schemeEnd + 3, at);
    int colon = userInfo.indexOf(':');
    String user = colon < 0 ? "" : userInfo.substring(0, colon);
    return text.substring(0, schemeEnd + 3) + user + ":****" + text.substring(at);
  }

  private static int slashAfter(String text, int schemeEnd) {
    int slash = schemeEnd < 0 ? -1 : text.indexOf('/', schemeEnd + 3);
    return slash < 0 ? text.length() : slash;
  }

  private static HostAndPort node(String key, String url, String node) {
    String host;
    String port;
    if (node.startsWith("[")) {
      int close = node.indexOf(']');
      if (close < 0) {
        throw invalid(key, url, "a URL with hosts as host:port or [IPv6]:port");
      }
      host = node.substring(1, close);
      String after = node.substring(close + 1);
      port = after.startsWith(":") ? after.substring(1) : after;
    } else {
      int colon = node.lastIndexOf(':');
      host = colon < 0 ? node : node.substring(0, colon);
      port = colon < 0 ? "" : node.substring(colon + 1);
    }
    if (host.isEmpty()) {
      throw invalid(key, url, "a URL with a host (several hosts separated by commas)");
    }
    if (port.isEmpty()) {
      return new HostAndPort(host, DEFAULT_PORT);
    }
    try {
      int number = Integer.parseInt(port);
      if (number >= 1 && number <= 65535) {
        return new HostAndPort(host, number);
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw invalid(key, url, "a URL whose ports are 1 to 65535");
  }

  private static String decoded(String part) {
    return URLDecoder.decode(part.replace("+", "%2B"), StandardCharsets.UTF_8);
  }

  private static String blankToNull(String value) {
    return value == null || value.isEmpty() ? null : value;
  }

  private static IllegalArgumentException invalid(String key, String url, String expected) {
    return new IllegalArgumentException(
        DeploymentProblem.STORE_SETTING_INVALID.format(key, masked(url), expected));
  }
}
