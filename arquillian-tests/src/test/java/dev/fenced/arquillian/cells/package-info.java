/**
 * Checks the cells' Failsafe reports after the run: a cell that completed fewer tests than the
 * behaviour TCK publishes, or fewer of its own, fails the build instead of passing green.
 */
package dev.fenced.arquillian.cells;
