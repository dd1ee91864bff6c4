/**
 * Fenced's own integration tests ({@code *IT}) on real servers and what they deploy; the Arquillian
 * extension and the rest of what runs them are in {@code harness}. Failsafe also runs the behaviour
 * TCK from the {@code fenced-tck} jar; the Maven profile chooses the server.
 */
package dev.fenced.arquillian;
