/**
 * Encryption at rest of stored outcomes ({@code fenced.idempotency.encryption.keys}): black-box
 * Arquillian tests, one behaviour and one deployment each (the rotation test: one deployment per
 * step). Every deployment selects {@link dev.fenced.tck.encryption.common.RecordWindow} as its
 * store, which passes each call to the store of the cell under test and lets the test read the
 * stored bytes, plant records (plain text, or sealed ones under another key) and damage one. The
 * refusals are deployment failures asserted only with {@code @ShouldThrowException}.
 */
package dev.fenced.tck.encryption;
