/**
 * Encryption at rest of stored idempotent outcomes, in plain Java on the JDK's {@code
 * javax.crypto}: the {@link dev.fenced.core.encryption.KeyRing} parsed from {@code
 * fenced.idempotency.encryption.keys}, {@link dev.fenced.core.encryption.Hkdf} (RFC 5869) for
 * passphrase keys, the {@link dev.fenced.core.encryption.SealedEnvelope} format, and the two {@link
 * dev.fenced.core.encryption.RecordSealer}s the engine uses: {@link
 * dev.fenced.core.encryption.OutcomeCipher} (AES-256-GCM) and {@link
 * dev.fenced.core.encryption.PlainRecords}. Stores only ever see opaque bytes.
 */
package dev.fenced.core.encryption;
