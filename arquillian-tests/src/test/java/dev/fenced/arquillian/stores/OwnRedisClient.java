package dev.fenced.arquillian.stores;

import dev.fenced.store.redis.FencedRedis;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.net.URI;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisPooled;

/**
 * The application's own Redis client, as the guide shows it: a {@code JedisPooled} produced with
 * {@link FencedRedis}, which Fenced uses instead of building one from {@code fenced.redis.url}.
 * {@code @Singleton}, not {@code @ApplicationScoped}: Jedis's clients have final methods, so CDI
 * cannot proxy them. Its connections carry the name {@value #CLIENT_NAME_KEY} gives, so a test can
 * find them in {@code CLIENT LIST}.
 */
@ApplicationScoped
public class OwnRedisClient {

  /** The config key of the Redis URL this client connects to. */
  public static final String URL_KEY = "test.own-redis.url";

  /** The config key of the name this client's connections give themselves. */
  public static final String CLIENT_NAME_KEY = "test.own-redis.client-name";

  @Inject
  @ConfigProperty(name = URL_KEY)
  String url;

  @Inject
  @ConfigProperty(name = CLIENT_NAME_KEY)
  String clientName;

  @Produces
  @Singleton
  @FencedRedis
  JedisPooled fencedRedis() {
    URI uri = URI.create(url);
    return new JedisPooled(
        new HostAndPort(uri.getHost(), uri.getPort()),
        DefaultJedisClientConfig.builder()
            .clientName(clientName)
            .connectionTimeoutMillis(2000)
            .socketTimeoutMillis(2000)
            .build());
  }

  void close(@Disposes @FencedRedis JedisPooled client) {
    client.close();
  }
}
