/** The deployment of {@code InvalidReturnTypeTest}. */
package dev.fenced.tck.deployment.idempotent.returntype;
