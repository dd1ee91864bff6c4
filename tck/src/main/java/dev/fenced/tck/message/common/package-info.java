/**
 * What the non-HTTP, transaction and config deployments share: the helpers the in-container tests
 * use to start a deployment and read an error code. The run counter, the gates and the managed
 * executor every TCK area uses are in {@code dev.fenced.tck.support}.
 */
package dev.fenced.tck.message.common;
