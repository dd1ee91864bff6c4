/**
 * Support for running the TCK: deployments, the store vendor's hook ({@link
 * dev.fenced.tck.support.TckStoreProvider}) and scaled timeouts.
 */
package dev.fenced.tck.support;
