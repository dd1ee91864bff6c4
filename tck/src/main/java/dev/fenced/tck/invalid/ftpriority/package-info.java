/** The deployment of {@code InvalidFaultTolerancePriorityTest}. */
package dev.fenced.tck.invalid.ftpriority;
