/** The deployment of {@code InvalidJobKeyCollidesWithLeaseTest}. */
package dev.fenced.tck.deployment.locks.leasekey;
