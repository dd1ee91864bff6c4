/** The deployment of {@code IdempotentArgumentFingerprintTest}: methods that ignore fields. */
package dev.fenced.tck.message.fingerprint;
