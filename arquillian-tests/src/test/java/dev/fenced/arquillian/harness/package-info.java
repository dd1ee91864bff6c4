/**
 * What runs the tests rather than being tested: the Arquillian extension that puts Fenced's jars
 * into every test deployment, the behaviour TCK's store providers and the session listener that
 * prepares the cell's store, and the check of the cells' Failsafe reports after the run (a cell
 * that completed fewer tests than the behaviour TCK publishes, or fewer of its own, fails the build
 * instead of passing green).
 */
package dev.fenced.arquillian.harness;
