package dev.fenced.store.redis;

import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.ElementType.METHOD;
import static java.lang.annotation.ElementType.PARAMETER;
import static java.lang.annotation.ElementType.TYPE;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import jakarta.inject.Qualifier;
import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/**
 * Qualifies the Redis beans of Fenced's Redis store.
 *
 * <ul>
 *   <li>The {@code redis} store bean ({@link RedisStoreBean}) carries it, so that it never takes
 *       the {@code @Default} qualifier and an unqualified {@code @Inject IdempotencyStore} or
 *       {@code LockStore} elsewhere in an application is not answered by it. Fenced selects it by
 *       its name ({@code fenced.idempotency.store=redis}, {@code fenced.locks.store=redis}).
 *   <li>An application that builds its own client produces it with this qualifier, as a {@code
 *       UnifiedJedis} (for example {@code @Produces @Singleton @FencedRedis JedisCluster}: not a
 *       normal scope, since Jedis's clients have final methods that CDI cannot proxy); Fenced then
 *       uses it instead of {@code fenced.redis.url} (which must be left unset) and never closes it:
 *       close it in a disposer method.
 * </ul>
 */
@Qualifier
@Documented
@Retention(RUNTIME)
@Target({TYPE, METHOD, FIELD, PARAMETER})
public @interface FencedRedis {}
