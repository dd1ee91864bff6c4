/** The deployment of {@code InvalidLocksTtlTest}. */
package dev.fenced.tck.deployment.locks.globalttl;
