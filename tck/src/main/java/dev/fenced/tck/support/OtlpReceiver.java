package dev.fenced.tck.support;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.metrics.v1.Metric;
import io.opentelemetry.proto.metrics.v1.ResourceMetrics;
import io.opentelemetry.proto.metrics.v1.ScopeMetrics;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import java.util.zip.GZIPInputStream;

/**
 * An OTLP/HTTP metrics receiver on a loopback port ({@code POST /v1/metrics}, protobuf, gzip or
 * not), as an OpenTelemetry Collector would be: it keeps every metric it was sent, with the name of
 * the instrumentation scope that recorded it, and answers 200.
 */
public final class OtlpReceiver implements AutoCloseable {

  /** One exported metric and the scope (meter) that recorded it. */
  public record Received(String scope, Metric metric) {}

  private final HttpServer server;
  private final List<Received> received = new CopyOnWriteArrayList<>();

  private OtlpReceiver(HttpServer server) {
    this.server = server;
  }

  /**
   * Starts a receiver on a free loopback port.
   *
   * @return the running receiver
   */
  public static OtlpReceiver start() {
    try {
      HttpServer server =
          HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
      OtlpReceiver receiver = new OtlpReceiver(server);
      server.createContext("/v1/metrics", receiver::receive);
      server.start();
      return receiver;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The endpoint to give {@code otel.exporter.otlp.endpoint}.
   *
   * @return {@code http://127.0.0.1:<port>}
   */
  public String endpoint() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /**
   * What was received so far from the scope {@code scope}, by metric name, each with every export.
   *
   * @param scope the instrumentation scope's name
   * @return the metrics
   */
  public Map<String, List<Metric>> metrics(String scope) {
    return received.stream()
        .filter(r -> r.scope().equals(scope))
        .collect(
            Collectors.groupingBy(
                r -> r.metric().getName(),
                Collectors.mapping(Received::metric, Collectors.toList())));
  }

  /**
   * The value of a string attribute of a data point.
   *
   * @param attributes the point's attributes
   * @param key the attribute
   * @return its value, or {@code null}
   */
  public static String attribute(List<KeyValue> attributes, String key) {
    return attributes.stream()
        .filter(kv -> kv.getKey().equals(key))
        .map(kv -> kv.getValue().getStringValue())
        .findFirst()
        .orElse(null);
  }

  private void receive(HttpExchange exchange) throws IOException {
    try (exchange) {
      InputStream body = exchange.getRequestBody();
      if ("gzip".equalsIgnoreCase(exchange.getRequestHeaders().getFirst("Content-Encoding"))) {
        body = new GZIPInputStream(body);
      }
      ExportMetricsServiceRequest request = ExportMetricsServiceRequest.parseFrom(body);
      for (ResourceMetrics resource : request.getResourceMetricsList()) {
        for (ScopeMetrics scope : resource.getScopeMetricsList()) {
          for (Metric metric : scope.getMetricsList()) {
            received.add(new Received(scope.getScope().getName(), metric));
          }
        }
      }
      exchange.getResponseHeaders().add("Content-Type", "application/x-protobuf");
      exchange.sendResponseHeaders(200, -1);
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
