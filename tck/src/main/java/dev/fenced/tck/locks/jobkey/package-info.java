/** The deployment of {@code OnOneInstanceJobKeyTest}. */
package dev.fenced.tck.locks.jobkey;
