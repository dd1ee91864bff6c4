/**
 * Deployment failures in the behaviour TCK: each class deploys one invalid application itself
 * ({@code @Deployment(managed = false)} and Arquillian's {@code Deployer}) and checks with {@link
 * dev.fenced.tck.support.DeploymentFailure} that the deployment fails and that the server's error
 * names the offending option or annotation member, the class and method, and the bad value. Each
 * class keeps its deployment's classes in a sub-package.
 */
package dev.fenced.tck.invalid;
