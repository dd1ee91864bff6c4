/**
 * The deployment of {@code IdempotentHttpConfigOverrideTest}: two resources with config overrides.
 */
package dev.fenced.tck.idempotent.config;
