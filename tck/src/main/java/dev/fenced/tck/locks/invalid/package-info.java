/**
 * Deployment failures of the lock and leader annotations, the MicroProfile way: each class deploys
 * one invalid application and asserts only
 * {@code @ShouldThrowException(DeploymentException.class)}. Each class keeps its deployment's
 * classes in a sub-package.
 */
package dev.fenced.tck.locks.invalid;
