/** The deployment of {@code IdempotentKeyRequiredTest}. */
package dev.fenced.tck.idempotent.required;
