package dev.fenced.tck.idempotent.fingerprint;

import dev.fenced.idempotency.RequestBodyFingerprint;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Named;
import java.util.Arrays;

/**
 * The application's body fingerprint for {@code POST /api/uploads}: a body is {@code
 * <boundary>|<content>}, and only the content identifies the request, as with a multipart body
 * whose boundary the client draws at random on every sending.
 */
@ApplicationScoped
@Named(PartsOnly.NAME)
public class PartsOnly implements RequestBodyFingerprint {

  /** The bean's name. */
  public static final String NAME = "partsOnly";

  @Override
  public byte[] relevantPart(String mediaType, byte[] body) {
    for (int i = 0; i < body.length; i++) {
      if (body[i] == '|') {
        return Arrays.copyOfRange(body, i + 1, body.length);
      }
    }
    return body;
  }
}
