/**
 * The engines of Fenced in plain Java: no CDI, no JAX-RS. They take a store SPI, a {@link
 * java.time.Clock} and a {@link dev.fenced.core.time.Scheduler}, and are tested without a
 * container.
 */
package dev.fenced.core;
