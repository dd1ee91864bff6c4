/** The deployment of {@code InvalidLeaderElectionScopeTest}. */
package dev.fenced.tck.locks.invalid.scope;
