/**
 * Servers and processes for the tests of Fenced's stores, benchmarks and examples: the shared test
 * servers ({@link dev.fenced.testservers.PostgresServer}, {@link
 * dev.fenced.testservers.RedisTestServer}, {@link dev.fenced.testservers.EmbeddedRedis}), Redis
 * processes of a test's own ({@link dev.fenced.testservers.RedisProcess}) in the topologies {@link
 * dev.fenced.testservers.RedisClusterServer}, {@link dev.fenced.testservers.RedisSentinelServer}
 * and {@link dev.fenced.testservers.RedisTlsServer}, and the faults {@link
 * dev.fenced.testservers.FaultProxy} and {@link dev.fenced.testservers.FrozenProcess}. Nothing here
 * depends on Fenced.
 */
package dev.fenced.testservers;
