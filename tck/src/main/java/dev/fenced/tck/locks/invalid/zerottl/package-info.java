/** The deployment of {@code InvalidWithoutOverlappingTtlTest}. */
package dev.fenced.tck.locks.invalid.zerottl;
