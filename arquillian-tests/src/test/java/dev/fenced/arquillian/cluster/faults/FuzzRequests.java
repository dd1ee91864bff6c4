package dev.fenced.arquillian.cluster.faults;

import dev.fenced.arquillian.cluster.faults.FuzzRequest.Header;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.zip.GZIPOutputStream;

/**
 * Generates the fuzz: a seeded, repeatable list of bad requests to {@code POST api/payments}, one
 * of each {@link BadInput} class first, then classes drawn at random (the ones with bodies of a MiB
 * or more drawn a quarter as often). Every key a request sends holds its own {@link
 * FuzzRequest#tag()}, so whatever the store or the application kept can be tied to the request.
 */
final class FuzzRequests {

  /** The system property for the number of requests. */
  static final String SIZE = "fenced.faults.fuzz.requests";

  /** The number of requests when {@value #SIZE} is not set. */
  static final int DEFAULT_SIZE = 1000;

  /** {@code fenced.idempotency.max-request-size} as the cluster application runs (the default). */
  static final int MAX_REQUEST_SIZE = 1024 * 1024;

  static final String PAYMENTS = "api/payments";
  static final String JSON = "application/json";

  private static final Set<BadInput> HEAVY =
      EnumSet.of(BadInput.BODY_AT_LIMIT, BadInput.BODY_HUGE, BadInput.BODY_HUGE_CHUNKED);
  private static final int WEIGHT = 4;
  private static final int HEAVY_WEIGHT = 2;
  private static final String ALPHANUMERIC =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

  private final Random random;

  private FuzzRequests(long seed) {
    this.random = new Random(seed);
  }

  /**
   * The fuzz of {@code count} requests for {@code seed}: the same list for the same arguments.
   *
   * @param seed the seed
   * @param count how many requests, at least one per class to cover them all
   * @return the requests, numbered from 0
   */
  static List<FuzzRequest> generate(long seed, int count) {
    FuzzRequests generator = new FuzzRequests(seed);
    List<BadInput> weighted = new ArrayList<>();
    for (BadInput input : BadInput.values()) {
      for (int i = 0; i < (HEAVY.contains(input) ? HEAVY_WEIGHT : WEIGHT); i++) {
        weighted.add(input);
      }
    }
    List<FuzzRequest> requests = new ArrayList<>(count);
    for (int id = 0; id < count; id++) {
      BadInput input =
          id < BadInput.values().length
              ? BadInput.values()[id]
              : weighted.get(generator.random.nextInt(weighted.size()));
      requests.add(generator.request(id, input));
    }
    return requests;
  }

  private FuzzRequest request(int id, BadInput input) {
    String tag = FuzzRequest.PREFIX + "%06d".formatted(id);
    Draft draft = new Draft(id, input, tag);
    switch (input) {
      case KEY_EMPTY -> draft.key(pick("", "\"\""), true);
      case KEY_BLANK -> draft.key(pick("   ", "\"   \"", "\" \""), true);
      case KEY_255 -> draft.key(maybeQuoted(padded(tag + "-", 255)), false);
      case KEY_256 -> draft.key(maybeQuoted(padded(tag + "-", 256 + random.nextInt(45))), false);
      case KEY_UNICODE ->
          draft.key(tag + "-" + pick("\u00e9", "\u00fc", "\u2603", "\ud83d\ude00", "\u00a0"), true);
      case KEY_TAB -> draft.key(tag + "\t" + word(), true);
      case KEY_CONTROL ->
          draft.key(tag + pick("\u0000", "\u0001", "\u001b", "\u001f", "\u007f") + word(), true);
      case KEY_BARE_CR -> draft.key(tag + "\r" + word(), true);
      case KEY_PADDED -> draft.key(pick(" ", "\t", " \t ") + tag + pick(" ", "\t", "\t "), true);
      case KEY_QUOTED ->
          draft.key(
              pick(
                  "\"" + tag + "\"",
                  "\"" + tag + "-a\\\"b\"",
                  "\"" + tag + "-a\\\\b\"",
                  "\"" + tag + " with spaces\""),
              false);
      case KEY_QUOTED_BROKEN ->
          draft.key(
              pick(
                  "\"" + tag,
                  "\"" + tag + "\";p=1",
                  "\"" + tag + "\"x",
                  "\"" + tag + "\\n\"",
                  "\"" + tag + "\\"),
              false);
      case KEY_STRUCTURED_BARE ->
          draft.key(pick(tag + ";p=1", ":" + tag + ":", tag + "?1", "*" + tag, tag + "="), false);
      case KEY_REPEATED -> {
        boolean otherCase = random.nextBoolean();
        draft.header(FuzzRequest.KEY_HEADER, tag);
        draft.header(
            otherCase ? "idempotency-key" : FuzzRequest.KEY_HEADER,
            random.nextBoolean() ? tag : tag + "-b");
        draft.overSocket = otherCase;
      }
      case KEY_NAME_CASE ->
          draft.header(pick("idempotency-key", "IDEMPOTENCY-KEY", "IdEmPoTeNcY-kEy"), tag);
      case BODY_BINARY -> {
        byte[] bytes = new byte[1 + random.nextInt(4096)];
        random.nextBytes(bytes);
        draft.key(tag, false).body = bytes;
      }
      case BODY_MALFORMED_JSON -> draft.key(tag, false).body = utf8(malformedJson());
      case BODY_EMPTY -> draft.key(tag, false).body = new byte[0];
      case BODY_AT_LIMIT -> {
        draft.key(tag, false).body = jsonOfSize(MAX_REQUEST_SIZE);
        draft.overSocket = true;
      }
      case BODY_HUGE, BODY_HUGE_CHUNKED -> {
        draft.key(tag, false).body =
            jsonOfSize(MAX_REQUEST_SIZE + 1 + random.nextInt(MAX_REQUEST_SIZE / 2));
        draft.chunked = input == BadInput.BODY_HUGE_CHUNKED;
        draft.overSocket = true;
      }
      case BODY_GZIP -> {
        draft.key(tag, false).header("Content-Encoding", "gzip");
        draft.body = gzip(draft.body);
      }
      case CONTENT_TYPE_WRONG ->
          draft.key(tag, false).contentType =
              pick(
                  "text/plain",
                  "application/xml",
                  "application/octet-stream",
                  "application/x-www-form-urlencoded",
                  "multipart/form-data; boundary=fuzz",
                  "text/json");
      case CONTENT_TYPE_MISSING -> draft.key(tag, false).contentType = null;
      case CONTENT_TYPE_JSON_VARIANT ->
          draft.key(tag, false).contentType =
              pick("application/json; charset=utf-8", "APPLICATION/JSON", "Application/Json;a=b");
      case CONTENT_LENGTH_INVALID -> {
        draft.key(tag, false).header("Content-Length", pick("abc", "-1", "1x", "0x10"));
        draft.overSocket = true;
      }
      case METHOD_NOT_ALLOWED -> {
        draft.method = pick("GET", "PUT", "DELETE", "PATCH", "HEAD");
        draft.key(tag, false);
        if (draft.method.equals("GET") || draft.method.equals("HEAD")) {
          draft.body = new byte[0];
          draft.contentType = null;
        }
      }
      case METHOD_OPTIONS -> {
        draft.method = "OPTIONS";
        draft.key(tag, false).body = new byte[0];
        draft.contentType = null;
      }
      case METHOD_UNKNOWN -> {
        draft.method = pick("BREW", "FUZZ", "PURGE");
        draft.key(tag, false);
      }
      case METHOD_LOWER_CASE -> {
        draft.method = pick("post", "Post");
        draft.key(tag, false);
      }
      case PATH_UNKNOWN -> {
        draft.path = pick("api/nothing", "api/payment", "api/payments/1", "api/payments/x/y");
        draft.key(tag, false);
      }
      case PATH_OUTSIDE_APPLICATION -> {
        draft.path = pick("API/payments", "nothing-here", "payments");
        draft.key(tag, false);
      }
      case PATH_EQUIVALENT -> {
        draft.path = pick("api/payments/", "api/payments?fuzz=" + id, "api/payments?a=%20&b");
        draft.key(tag, false);
      }
    }
    return draft.build();
  }

  /** A request being built: the payment as the cluster application takes it, then changed. */
  private static final class Draft {
    final int id;
    final BadInput input;
    String method = "POST";
    String path = PAYMENTS;
    final List<Header> headers = new ArrayList<>();
    String contentType = JSON;
    byte[] body;
    boolean chunked;
    boolean overSocket;

    Draft(int id, BadInput input, String tag) {
      this.id = id;
      this.input = input;
      this.body = utf8("{\"amount\":\"12.50\",\"fuzz\":\"" + tag + "\"}");
    }

    Draft key(String value, boolean overSocket) {
      this.overSocket |= overSocket;
      return header(FuzzRequest.KEY_HEADER, value);
    }

    Draft header(String name, String value) {
      headers.add(new Header(name, value));
      return this;
    }

    FuzzRequest build() {
      List<Header> all = new ArrayList<>(headers);
      if (contentType != null) {
        all.add(new Header("Content-Type", contentType));
      }
      return new FuzzRequest(id, input, method, path, all, body, chunked, overSocket);
    }
  }

  private String malformedJson() {
    int depth = 1000 + random.nextInt(20_000);
    return pick(
        "{\"amount\":",
        "{\"amount\":\"12.50\",\"amount\":\"13.50\"}",
        "[1,2,]",
        "{\"amount\":NaN}",
        "\"\\ud800\"",
        "\ufeff{\"amount\":\"12.50\"}",
        "[".repeat(depth),
        "[".repeat(depth) + "]".repeat(depth),
        "{\"a\":".repeat(depth) + "1" + "}".repeat(depth),
        "{\"amount\":\"12.50\"} trailing",
        "{\"amount\":1e999999}",
        "{'amount':'12.50'}",
        "null");
  }

  private byte[] jsonOfSize(int size) {
    String head = "{\"pad\":\"";
    String tail = "\"}";
    char[] pad = new char[size - head.length() - tail.length()];
    Arrays.fill(pad, (char) ('a' + random.nextInt(26)));
    return utf8(head + new String(pad) + tail);
  }

  private String maybeQuoted(String key) {
    return random.nextBoolean() ? key : "\"" + key + "\"";
  }

  private String padded(String start, int length) {
    StringBuilder key = new StringBuilder(start);
    while (key.length() < length) {
      key.append(ALPHANUMERIC.charAt(random.nextInt(ALPHANUMERIC.length())));
    }
    return key.toString();
  }

  private String word() {
    return padded("", 1 + random.nextInt(8));
  }

  @SafeVarargs
  private <T> T pick(T... choices) {
    return choices[random.nextInt(choices.length)];
  }

  private static byte[] utf8(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] gzip(byte[] bytes) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
      gzip.write(bytes);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }
}
