/**
 * Every deployment that must fail, in one place: each test class deploys one invalid application
 * itself ({@code @Deployment(managed = false)} and Arquillian's {@code Deployer}) and checks with
 * {@link dev.fenced.tck.support.DeploymentFailure} that the deployment fails with the expected
 * problem of Fenced's catalogue (its {@code FENCED-D} id, {@link dev.fenced.DeploymentProblem}) and
 * that the server's error names the offending option or member, the class and method, and the bad
 * value. By area: {@code idempotent} ({@code @Idempotent} and the settings of the idempotency
 * store), {@code locks} (the lock and leader annotations and the lock store), {@code encryption}
 * (the refused encryption keys) and {@code message} (message-driven beans); each test class keeps
 * its deployment's classes in a nested package named for what is wrong.
 */
package dev.fenced.tck.deployment;
