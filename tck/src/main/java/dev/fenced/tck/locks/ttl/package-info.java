/** The deployment of {@code LocksConfigTtlTest}. */
package dev.fenced.tck.locks.ttl;
