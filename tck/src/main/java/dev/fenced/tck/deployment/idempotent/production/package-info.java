/** The deployment of {@code InvalidProductionMemoryStoreTest}. */
package dev.fenced.tck.deployment.idempotent.production;
