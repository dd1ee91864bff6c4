/**
 * Deployment failures of the lock and leader annotations: each class deploys one invalid
 * application itself ({@code @Deployment(managed = false)} and Arquillian's {@code Deployer}) and
 * checks with {@link dev.fenced.tck.support.DeploymentFailure} that the server's error names the
 * offending key, option or member, the classes and methods involved and the bad value. Each class
 * keeps its deployment's classes in a sub-package.
 */
package dev.fenced.tck.locks.invalid;
