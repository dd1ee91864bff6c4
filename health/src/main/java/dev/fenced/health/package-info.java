/**
 * MicroProfile Health readiness checks of the stores Fenced uses ({@code fenced-health}): add this
 * module to an application on a server with MicroProfile Health.
 */
package dev.fenced.health;
