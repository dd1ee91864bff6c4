/** The deployment of {@code InvalidCommitWithWorkTest}. */
package dev.fenced.tck.invalid.withwork;
