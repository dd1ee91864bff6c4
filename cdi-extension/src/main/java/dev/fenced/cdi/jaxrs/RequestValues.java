package dev.fenced.cdi.jaxrs;

/**
 * The headers and parameters of a request, looked up by name when a key resolver bean asks for them
 * ({@code IdempotencyKeyResolver.Request}).
 */
interface RequestValues {

  /** A request without headers or parameters. */
  RequestValues NONE =
      new RequestValues() {
        @Override
        public String header(String name) {
          return null;
        }

        @Override
        public String queryParameter(String name) {
          return null;
        }

        @Override
        public String pathParameter(String name) {
          return null;
        }
      };

  /**
   * A header.
   *
   * @param name its name, in any case
   * @return its lines joined with {@code ", "}, or {@code null}
   */
  String header(String name);

  /**
   * A query parameter.
   *
   * @param name its name
   * @return its first value, decoded, or {@code null}
   */
  String queryParameter(String name);

  /**
   * A path parameter.
   *
   * @param name its name
   * @return its value, decoded, or {@code null}
   */
  String pathParameter(String name);
}
