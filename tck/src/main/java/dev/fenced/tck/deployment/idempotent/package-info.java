/**
 * Deployment failures of {@code @Idempotent} and of the settings of the idempotency store (its
 * selection, the commit mode, the profile, Fault Tolerance's priority). Each class keeps its
 * deployment's classes in a nested package.
 */
package dev.fenced.tck.deployment.idempotent;
