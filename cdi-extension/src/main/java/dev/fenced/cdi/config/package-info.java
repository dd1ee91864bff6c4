/**
 * Configuration of guarded methods: MicroProfile Config keys in the Fault Tolerance convention,
 * resolved and validated once at deployment into immutable per-method models.
 */
package dev.fenced.cdi.config;
