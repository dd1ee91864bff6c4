/** The deployment of {@code IdempotentClassLevelTest}. */
package dev.fenced.tck.idempotent.classlevel;
