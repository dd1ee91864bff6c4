/** The deployment of {@code InvalidJobKeyCollidesWithLeaseTest}. */
package dev.fenced.tck.locks.invalid.leasekey;
