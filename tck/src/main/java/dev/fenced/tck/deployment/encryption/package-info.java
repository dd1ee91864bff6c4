/**
 * Refused encryption keys ({@code fenced.idempotency.encryption.keys}): the error names the option
 * and the entry, and never shows a key. Their deployments are the encryption tests' own ({@link
 * dev.fenced.tck.encryption.EncryptionDeployment}).
 */
package dev.fenced.tck.deployment.encryption;
