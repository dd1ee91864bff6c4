/**
 * Deployment failures of {@code @Idempotent} message-driven beans; the listeners are in the nested
 * package {@code mdb}.
 */
package dev.fenced.tck.deployment.message;
