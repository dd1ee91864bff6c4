/** The guarded resource of the encryption-at-rest ITs, which read the stores' raw records. */
package dev.fenced.arquillian.encryption;
