/**
 * Support for running the TCK: deployments, the store vendor's hook ({@link
 * dev.fenced.tck.support.TckStoreProvider}), scaled timeouts, and the one copy of each helper that
 * tests of several areas use: on the client side the HTTP client {@link
 * dev.fenced.tck.support.Http} and its {@link dev.fenced.tck.support.Reply}; in deployments (each
 * test adds the ones it needs with {@code TckDeployment.classes}) the JAX-RS application, the run
 * counter {@link dev.fenced.tck.support.Invocations} and its resource, {@link
 * dev.fenced.tck.support.Gates}, {@link dev.fenced.tck.support.Latches}, {@link
 * dev.fenced.tck.support.Background}, {@link dev.fenced.tck.support.Ledger} and the guarded {@link
 * dev.fenced.tck.support.InvoiceResource}. For store tests: the test servers ({@link
 * dev.fenced.tck.support.PostgresServer}, {@link dev.fenced.tck.support.RedisTestServer}, {@link
 * dev.fenced.tck.support.EmbeddedRedis}), Redis processes of a test's own ({@link
 * dev.fenced.tck.support.RedisProcess}) in the topologies {@link
 * dev.fenced.tck.support.RedisClusterServer}, {@link dev.fenced.tck.support.RedisSentinelServer}
 * and {@link dev.fenced.tck.support.RedisTlsServer}, and the faults {@link
 * dev.fenced.tck.support.FaultProxy} and {@link dev.fenced.tck.support.FrozenProcess}.
 */
package dev.fenced.tck.support;
