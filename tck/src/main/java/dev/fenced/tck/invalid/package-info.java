/**
 * Deployment failures in the behaviour TCK, the MicroProfile way: each class deploys one invalid
 * application and asserts only {@code @ShouldThrowException(DeploymentException.class)}; its test
 * method never checks anything else. Each class keeps its deployment's classes in a sub-package.
 */
package dev.fenced.tck.invalid;
