/**
 * The deployment of {@code ExtensionAddedIdempotentTest}: a resource with no Fenced annotation and
 * the extension that adds {@code @Idempotent} to its POST method.
 */
package dev.fenced.tck.extension.idempotent;
