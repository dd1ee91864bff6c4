/** The deployment of {@code InvalidLocksTtlTest}. */
package dev.fenced.tck.locks.invalid.globalttl;
