/**
 * The one copy of each class that tests of several areas add to their deployments with {@code
 * TckDeployment.classes}, and so run in the server: the JAX-RS application, the run counter {@link
 * dev.fenced.tck.deployed.Invocations} and its resource, {@link dev.fenced.tck.deployed.Gates},
 * {@link dev.fenced.tck.deployed.Latches}, {@link dev.fenced.tck.deployed.Background}, {@link
 * dev.fenced.tck.deployed.Ledger}, the guarded {@link dev.fenced.tck.deployed.InvoiceResource} and
 * the scaled timeouts {@link dev.fenced.tck.deployed.TckTimeouts}, which the test JVM reads too.
 * Nothing here refers to the test JVM's side ({@code dev.fenced.tck.support}).
 */
package dev.fenced.tck.deployed;
