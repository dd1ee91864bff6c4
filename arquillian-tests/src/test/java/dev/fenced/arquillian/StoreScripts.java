package dev.fenced.arquillian;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The commands the Redis store's Lua scripts run ({@code redis.call('HSET', ...)}, {@code
 * redis.pcall}), read from the {@code .lua} resources beside the store's classes (its jar, or its
 * classes folder in a reactor build), in lower case as {@code INFO commandstats} names them. Redis
 * counts them there although they run inside the {@code EVALSHA} that runs the script.
 */
final class StoreScripts {

  /** A class of {@code fenced-redis-store}, whose package holds the scripts. */
  private static final String ANCHOR = "dev.fenced.store.redis.RedisStoreBean";

  private static final Pattern CALL = Pattern.compile("redis\\.p?call\\(\\s*['\"]([A-Za-z]+)['\"]");

  private StoreScripts() {}

  /**
   * The commands any of the store's scripts runs.
   *
   * @return their names, lower case; never empty
   */
  static Set<String> commands() {
    try {
      Class<?> anchor = Class.forName(ANCHOR, false, StoreScripts.class.getClassLoader());
      Path source = Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
      String folder = anchor.getPackageName().replace('.', '/');
      if (Files.isDirectory(source)) {
        return commands(source.resolve(folder));
      }
      try (FileSystem jar = FileSystems.newFileSystem(source)) {
        return commands(jar.getPath(folder));
      }
    } catch (ClassNotFoundException | URISyntaxException e) {
      throw new IllegalStateException("cannot find the Redis store's scripts", e);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the Redis store's scripts", e);
    }
  }

  private static Set<String> commands(Path folder) throws IOException {
    Set<String> commands = new TreeSet<>();
    try (Stream<Path> files = Files.list(folder)) {
      for (Path script : files.filter(f -> f.toString().endsWith(".lua")).toList()) {
        Matcher call = CALL.matcher(Files.readString(script));
        while (call.find()) {
          commands.add(call.group(1).toLowerCase(Locale.ROOT));
        }
      }
    }
    if (commands.isEmpty()) {
      throw new IllegalStateException("no redis.call in the scripts of " + folder);
    }
    return commands;
  }
}
