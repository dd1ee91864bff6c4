/** The deployment of {@code LockLostTest}. */
package dev.fenced.tck.locks.lost;
