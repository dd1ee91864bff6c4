/** The deployment of {@code LockExceptionsEjbTest}. */
package dev.fenced.tck.ejb.locks;
