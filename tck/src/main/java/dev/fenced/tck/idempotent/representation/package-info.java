/** The deployment of {@code IdempotentRepresentationTest}. */
package dev.fenced.tck.idempotent.representation;
