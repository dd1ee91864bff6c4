package dev.fenced.tck.idempotent.representation;

import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.Provider;
import jakarta.ws.rs.ext.WriterInterceptor;
import jakarta.ws.rs.ext.WriterInterceptorContext;
import java.io.IOException;
import java.io.OutputStream;
import java.util.zip.GZIPOutputStream;

/** Compresses the body when the response says {@code Content-Encoding: gzip}. */
@Provider
@Compressed
@Priority(Priorities.ENTITY_CODER)
public class GzipWriter implements WriterInterceptor {

  @Override
  public void aroundWriteTo(WriterInterceptorContext context) throws IOException {
    Object coding = context.getHeaders().getFirst(HttpHeaders.CONTENT_ENCODING);
    if (coding == null || !"gzip".equalsIgnoreCase(coding.toString())) {
      context.proceed();
      return;
    }
    context.getHeaders().remove(HttpHeaders.CONTENT_LENGTH);
    OutputStream client = context.getOutputStream();
    GZIPOutputStream gzip = new GZIPOutputStream(client);
    context.setOutputStream(gzip);
    try {
      context.proceed();
    } finally {
      context.setOutputStream(client);
    }
    gzip.finish();
  }
}
