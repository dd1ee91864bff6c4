/** The deployment of {@code IdempotentFingerprintControlTest}. */
package dev.fenced.tck.idempotent.fingerprint;
