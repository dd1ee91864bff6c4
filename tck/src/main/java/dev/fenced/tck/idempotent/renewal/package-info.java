/** The deployment of {@code IdempotentLockRenewalTest}. */
package dev.fenced.tck.idempotent.renewal;
