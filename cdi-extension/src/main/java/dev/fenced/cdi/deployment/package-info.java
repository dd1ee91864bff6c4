/**
 * Deployment checks across beans, in plain Java over a {@code ConfigLookup}: store selection, the
 * in-memory store check, global settings and the order next to MicroProfile Fault Tolerance. The
 * extension reports what they find as deployment problems.
 */
package dev.fenced.cdi.deployment;
