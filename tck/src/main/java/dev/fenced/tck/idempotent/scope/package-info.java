/** The deployment of {@code IdempotentScopeTest}. */
package dev.fenced.tck.idempotent.scope;
