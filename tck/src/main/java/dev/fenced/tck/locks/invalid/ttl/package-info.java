/** The deployment of {@code InvalidOnOneInstanceTtlTest}. */
package dev.fenced.tck.locks.invalid.ttl;
