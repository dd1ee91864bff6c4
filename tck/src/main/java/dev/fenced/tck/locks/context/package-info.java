/** The deployment of {@code LocksContextCaptureTest} and {@code LocksContextCallUnderTest}. */
package dev.fenced.tck.locks.context;
