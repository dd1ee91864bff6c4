/** The deployment of {@code InvalidLeaderElectionScopeTest}. */
package dev.fenced.tck.deployment.locks.scope;
