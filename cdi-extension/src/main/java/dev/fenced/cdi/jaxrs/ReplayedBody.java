package dev.fenced.cdi.jaxrs;

import java.util.Objects;

/**
 * A replayed response's body, kept in a request property from the request filter to the writer
 * interceptor, which sends it instead of running the writers.
 *
 * @param bytes the body; the response entity is this very array
 * @param coding the coding the bytes are stored in, identity for the content itself
 */
record ReplayedBody(byte[] bytes, ContentCodings coding) {

  /**
   * Validates the components.
   *
   * @param bytes never {@code null}; not copied, the entity must be the same array
   * @param coding never {@code null}
   */
  ReplayedBody {
    Objects.requireNonNull(bytes, "bytes");
    Objects.requireNonNull(coding, "coding");
  }
}
