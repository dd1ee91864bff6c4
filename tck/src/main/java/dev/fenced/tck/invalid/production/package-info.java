/** The deployment of {@code InvalidProductionMemoryStoreTest}. */
package dev.fenced.tck.invalid.production;
