/**
 * What every encryption TCK deployment shares: the JAX-RS application under {@code /api}, a guarded
 * receipt resource, a counter of runs and rejections, and {@link
 * dev.fenced.tck.encryption.common.RecordWindow}, the store the deployments select: it passes every
 * call to the store of the cell under test (the one the {@code TckStoreProvider} configures, or a
 * map in this deployment when there is none) and lets the test read, plant and damage records
 * through {@code /api/records}.
 */
package dev.fenced.tck.encryption.common;
