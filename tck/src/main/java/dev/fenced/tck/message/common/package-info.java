/**
 * What the non-HTTP, transaction and config deployments share: a run counter, named gates that hold
 * a call until the test lets it go, a managed executor for the second caller, and the helpers the
 * in-container tests use to start a deployment and read an error code.
 */
package dev.fenced.tck.message.common;
