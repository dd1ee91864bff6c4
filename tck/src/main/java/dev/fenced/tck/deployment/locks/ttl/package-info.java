/** The deployment of {@code InvalidOnOneInstanceTtlTest}. */
package dev.fenced.tck.deployment.locks.ttl;
