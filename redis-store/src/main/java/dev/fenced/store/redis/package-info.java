/**
 * Redis stores for Fenced: {@link dev.fenced.store.redis.RedisIdempotencyStore} and {@link
 * dev.fenced.store.redis.RedisLockStore} on Jedis, each method one Lua script run with one {@code
 * EVALSHA}; in a server, {@link dev.fenced.store.redis.RedisStoreBean}, the one bean named {@code
 * redis} implementing both, on a pooled client from MicroProfile Config.
 */
package dev.fenced.store.redis;
