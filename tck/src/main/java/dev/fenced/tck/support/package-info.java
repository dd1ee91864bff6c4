/**
 * What the behaviour TCK runs in the test JVM: deployments ({@link
 * dev.fenced.tck.support.TckDeployment}), the store vendor's hook ({@link
 * dev.fenced.tck.support.TckStoreProvider}), the HTTP client {@link dev.fenced.tck.support.Http}
 * and its {@link dev.fenced.tck.support.Reply}, the check of a failed deployment ({@link
 * dev.fenced.tck.support.DeploymentFailure}), the receiver of the metrics a server exports ({@link
 * dev.fenced.tck.support.OtlpReceiver}) and the run's report ({@link
 * dev.fenced.tck.support.TckRunReport}). What a test adds to its deployment is in {@link
 * dev.fenced.tck.deployed}.
 */
package dev.fenced.tck.support;
