/**
 * The lock engine in plain Java: {@link dev.fenced.core.locks.LockManager} takes leases with
 * fencing tokens from a {@link dev.fenced.locks.spi.LockStore}, a lease keeper renews them every
 * ttl/3 and reports their loss, and {@link dev.fenced.core.locks.LeaderLoop} runs one leader
 * election.
 */
package dev.fenced.core.locks;
