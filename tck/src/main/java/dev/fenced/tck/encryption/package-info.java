/**
 * Encryption at rest of stored outcomes ({@code fenced.idempotency.encryption.keys}): black-box
 * Arquillian tests, one behaviour and one deployment each (the rotation test: one deployment per
 * step). Every deployment selects {@link dev.fenced.tck.encryption.common.RecordWindow} as its
 * store, which passes each call to the store of the cell under test and lets the test read the
 * stored bytes, plant records (plain text, or sealed ones under another key) and damage one. The
 * refused keys are deployment failures, in {@code dev.fenced.tck.deployment.encryption}.
 */
package dev.fenced.tck.encryption;
