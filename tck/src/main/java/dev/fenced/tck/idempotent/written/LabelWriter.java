package dev.fenced.tck.idempotent.written;

import jakarta.ws.rs.Produces;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.MessageBodyWriter;
import jakarta.ws.rs.ext.Provider;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;

/** The application's own writer of {@link Label}: {@code LABEL run=<n> at=<t>}. */
@Provider
@Produces(LabelWriter.MEDIA_TYPE)
public class LabelWriter implements MessageBodyWriter<Label> {

  /** The media type of a label. */
  public static final String MEDIA_TYPE = "application/vnd.tck.label";

  @Override
  public boolean isWriteable(
      Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
    return type == Label.class;
  }

  @Override
  public void writeTo(
      Label label,
      Class<?> type,
      Type genericType,
      Annotation[] annotations,
      MediaType mediaType,
      MultivaluedMap<String, Object> headers,
      OutputStream out)
      throws IOException, WebApplicationException {
    out.write(
        ("LABEL run=" + label.run() + " at=" + label.printedAt()).getBytes(StandardCharsets.UTF_8));
  }
}
