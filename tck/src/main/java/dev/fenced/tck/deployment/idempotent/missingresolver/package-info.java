/** The deployment of {@code InvalidKeyResolverTest}. */
package dev.fenced.tck.deployment.idempotent.missingresolver;
