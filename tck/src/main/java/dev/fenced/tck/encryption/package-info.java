/**
 * Encryption at rest of stored outcomes ({@code fenced.idempotency.encryption.keys}): black-box
 * Arquillian tests, one behaviour and one deployment each (the rotation test: one deployment per
 * step). Every deployment selects {@link dev.fenced.tck.encryption.common.RecordWindow} as its
 * store, which passes each call to the store of the cell under test and lets the test read the
 * stored bytes, plant records (plain text, or sealed ones under another key) and damage one. The
 * refusals are deployment failures checked with {@link dev.fenced.tck.support.DeploymentFailure}:
 * the error names the option and the entry, and never shows a key.
 */
package dev.fenced.tck.encryption;
