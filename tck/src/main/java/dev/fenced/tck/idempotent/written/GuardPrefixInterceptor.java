package dev.fenced.tck.idempotent.written;

import jakarta.ws.rs.ext.Provider;
import jakarta.ws.rs.ext.WriterInterceptor;
import jakarta.ws.rs.ext.WriterInterceptorContext;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** The application's writer interceptor: puts {@value #PREFIX} before every label it writes. */
@Provider
public class GuardPrefixInterceptor implements WriterInterceptor {

  /** What every written body starts with. */
  public static final String PREFIX = ")]}'\n";

  @Override
  public void aroundWriteTo(WriterInterceptorContext context) throws IOException {
    if (context.getMediaType() != null
        && context.getMediaType().toString().startsWith(LabelWriter.MEDIA_TYPE)) {
      context.getOutputStream().write(PREFIX.getBytes(StandardCharsets.UTF_8));
    }
    context.proceed();
  }
}
