/** The deployment of {@code IdempotentConfigOverrideTest}. */
package dev.fenced.tck.config.override;
