/** The deployment of {@code InvalidDuplicateJobKeyTest}. */
package dev.fenced.tck.locks.invalid.duplicatekey;
