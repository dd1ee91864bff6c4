/** The deployment of {@code InvalidCommitWithWorkTest}. */
package dev.fenced.tck.deployment.idempotent.withwork;
