/**
 * Behaviour tests of Fenced's MicroProfile Health readiness checks, on the store the run selects.
 */
package dev.fenced.tck.health;
