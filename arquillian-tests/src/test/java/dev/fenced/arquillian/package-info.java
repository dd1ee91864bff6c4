/**
 * Runs Fenced on real servers: the Arquillian extension that puts Fenced's jars into every test
 * deployment, and Fenced's own integration tests ({@code *IT}). Failsafe also runs the behaviour
 * TCK from the {@code fenced-tck} jar; the Maven profile chooses the server.
 */
package dev.fenced.arquillian;
