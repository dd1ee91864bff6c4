/** The deployment of {@code InvalidUnknownStoreTest}. */
package dev.fenced.tck.invalid.unknownstore;
