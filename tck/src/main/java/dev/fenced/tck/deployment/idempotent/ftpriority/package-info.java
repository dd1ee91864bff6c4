/** The deployment of {@code InvalidFaultTolerancePriorityTest}. */
package dev.fenced.tck.deployment.idempotent.ftpriority;
