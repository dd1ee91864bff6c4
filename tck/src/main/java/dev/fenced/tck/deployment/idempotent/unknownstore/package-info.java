/** The deployment of {@code InvalidUnknownStoreTest}. */
package dev.fenced.tck.deployment.idempotent.unknownstore;
