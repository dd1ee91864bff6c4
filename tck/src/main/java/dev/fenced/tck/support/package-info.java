/**
 * Support for running the TCK: deployments, the store vendor's hook ({@link
 * dev.fenced.tck.support.TckStoreProvider}), scaled timeouts, and the one copy of each helper that
 * tests of several areas use: on the client side the HTTP client {@link
 * dev.fenced.tck.support.Http} and its {@link dev.fenced.tck.support.Reply}; in deployments (each
 * test adds the ones it needs with {@code TckDeployment.classes}) the JAX-RS application, the run
 * counter {@link dev.fenced.tck.support.Invocations} and its resource, {@link
 * dev.fenced.tck.support.Gates}, {@link dev.fenced.tck.support.Latches}, {@link
 * dev.fenced.tck.support.Background}, {@link dev.fenced.tck.support.Ledger} and the guarded {@link
 * dev.fenced.tck.support.InvoiceResource}.
 */
package dev.fenced.tck.support;
