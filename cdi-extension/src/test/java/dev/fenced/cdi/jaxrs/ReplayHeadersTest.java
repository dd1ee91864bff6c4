package dev.fenced.cdi.jaxrs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import dev.fenced.cdi.config.Defaults;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ReplayHeadersTest {

  private static final Set<String> DEFAULTS = Defaults.REPLAY_HEADERS;

  @Test
  void keeps_the_default_headers_whatever_their_case() {
    Map<String, List<String>> headers = new LinkedHashMap<>();
    headers.put("LOCATION", List.of("/orders/7"));
    headers.put("Content-Type", List.of("application/json"));
    headers.put("etag", List.of("\"v1\""));
    headers.put("Last-Modified", List.of("Wed, 21 Oct 2015 07:28:00 GMT"));
    headers.put("Content-Language", List.of("en"));
    headers.put("content-location", List.of("/receipts/1"));

    assertThat(ReplayHeaders.select(DEFAULTS, headers))
        .containsExactly(
            entry("content-language", List.of("en")),
            entry("content-location", List.of("/receipts/1")),
            entry("content-type", List.of("application/json")),
            entry("etag", List.of("\"v1\"")),
            entry("last-modified", List.of("Wed, 21 Oct 2015 07:28:00 GMT")),
            entry("location", List.of("/orders/7")));
  }

  @Test
  void drops_headers_off_the_allowlist() {
    Map<String, List<String>> headers =
        Map.of(
            "Location", List.of("/orders/7"),
            "X-RateLimit-Remaining", List.of("9"),
            "Access-Control-Allow-Origin", List.of("*"),
            "Date", List.of("Wed, 21 Oct 2015 07:28:00 GMT"));

    assertThat(ReplayHeaders.select(DEFAULTS, headers)).containsOnlyKeys("location");
  }

  @Test
  void keeps_configured_headers_case_insensitively() {
    Map<String, List<String>> headers = Map.of("X-Receipt-Id", List.of("r-1"));

    assertThat(ReplayHeaders.select(Set.of("x-RECEIPT-id"), headers))
        .containsExactly(entry("x-receipt-id", List.of("r-1")));
  }

  @Test
  void never_keeps_set_cookie_even_when_allowlisted() {
    Map<String, List<String>> headers =
        Map.of(
            "Set-Cookie", List.of("session=alice"),
            "SET-COOKIE2", List.of("old=1"),
            "Location", List.of("/orders/7"));

    assertThat(ReplayHeaders.select(Set.of("Set-Cookie", "set-cookie2", "location"), headers))
        .containsOnlyKeys("location");
  }

  @Test
  void never_keeps_framing_headers_the_container_writes() {
    Map<String, List<String>> headers =
        Map.of(
            "Content-Length", List.of("12"),
            "Transfer-Encoding", List.of("chunked"),
            "Connection", List.of("close"),
            "Idempotent-Replayed", List.of("true"));

    assertThat(ReplayHeaders.select(headers.keySet(), headers)).isEmpty();
  }

  @Test
  void always_keeps_the_content_encoding_of_the_stored_bytes() {
    Map<String, List<String>> headers = Map.of("Content-Encoding", List.of("gzip"));

    assertThat(ReplayHeaders.select(Set.of(), headers))
        .containsExactly(entry("content-encoding", List.of("gzip")));
  }

  @Test
  void merges_names_that_differ_only_in_case_keeping_every_value() {
    Map<String, List<String>> headers = new LinkedHashMap<>();
    headers.put("Link", List.of("<a>"));
    headers.put("LINK", List.of("<b>", "<c>"));

    assertThat(ReplayHeaders.select(Set.of("link"), headers))
        .containsExactly(entry("link", List.of("<a>", "<b>", "<c>")));
  }

  @Test
  void accepts_only_lower_case_tokens_as_stored_names() {
    assertThat(ReplayHeaders.isStorableName("x-receipt_id.v2")).isTrue();
    assertThat(ReplayHeaders.isStorableName("Location")).isFalse();
    assertThat(ReplayHeaders.isStorableName("bad name")).isFalse();
    assertThat(ReplayHeaders.isStorableName("")).isFalse();
    assertThat(ReplayHeaders.isStorableName("set-cookie")).isFalse();
  }
}
