/** The deployment of {@code InvalidDuplicateJobKeyTest}. */
package dev.fenced.tck.deployment.locks.duplicatekey;
