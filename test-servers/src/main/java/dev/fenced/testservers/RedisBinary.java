package dev.fenced.testservers;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.logging.Logger;

/**
 * The {@code redis-server} executable that {@link RedisProcess} starts, found once per JVM in this
 * order:
 *
 * <ol>
 *   <li>the path in the system property {@value #PATH_PROPERTY} or the environment variable {@value
 *       #PATH_VARIABLE};
 *   <li>{@code redis-server} on the {@code PATH};
 *   <li>the binary shipped in {@code com.github.codemonstur:embedded-redis} (Redis 6.2, built with
 *       TLS), an optional dependency of the TCK.
 * </ol>
 *
 * <p>Every one must support Redis Cluster, Sentinel ({@code --sentinel}) and TLS, so Redis 6.2 or
 * later built with TLS.
 */
public final class RedisBinary {

  /** The environment variable holding the path of a {@code redis-server} to use. */
  public static final String PATH_VARIABLE = "FENCED_TEST_REDIS_SERVER";

  /** The system property that wins over {@value #PATH_VARIABLE}. */
  public static final String PATH_PROPERTY = "fenced.test.redis.server";

  private static final Logger LOG = Logger.getLogger(RedisBinary.class.getName());
  private static Path path;

  private RedisBinary() {}

  /**
   * The executable, looked up on first use.
   *
   * @return the path of an executable {@code redis-server}
   * @throws IllegalStateException if the configured path is not executable, or none of the three
   *     places has one
   */
  public static synchronized Path path() {
    if (path == null) {
      path = find();
      LOG.info(() -> "redis-server for tests: " + path);
    }
    return path;
  }

  private static Path find() {
    String configured = System.getProperty(PATH_PROPERTY, System.getenv(PATH_VARIABLE));
    if (configured != null && !configured.isBlank()) {
      Path given = Path.of(configured.strip());
      if (!Files.isExecutable(given)) {
        throw new IllegalStateException(
            PATH_VARIABLE + " names no executable redis-server: " + configured);
      }
      return given;
    }
    String searchPath = System.getenv("PATH");
    if (searchPath != null) {
      for (String folder : searchPath.split(File.pathSeparator)) {
        if (folder.isEmpty()) {
          continue;
        }
        Path candidate = Path.of(folder, "redis-server");
        if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
          return candidate;
        }
      }
    }
    try {
      return Embedded.path();
    } catch (LinkageError e) {
      throw new IllegalStateException(
          "no redis-server: set "
              + PATH_VARIABLE
              + ", put redis-server on the PATH, or add com.github.codemonstur:embedded-redis",
          e);
    }
  }

  /** The embedded-redis jar, loaded only when neither the variable nor the PATH gives a binary. */
  private static final class Embedded {

    static Path path() {
      try {
        return redis.embedded.core.ExecutableProvider.newJarResourceProvider().get().toPath();
      } catch (IOException e) {
        throw new UncheckedIOException("cannot unpack the redis-server of embedded-redis", e);
      }
    }
  }
}
