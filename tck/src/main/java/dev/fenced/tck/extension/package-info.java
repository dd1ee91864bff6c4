/**
 * The behaviour TCK of Fenced's annotations added by another portable extension: an application's
 * extension adds {@code @Idempotent}, {@code @WithoutOverlapping} and {@code @LeaderElection} with
 * {@code ProcessAnnotatedType.configureAnnotatedType()} to classes and methods that carry none in
 * their source, and Fenced guards them as if they were written there, with the members the
 * extension set. Each class keeps its deployment (the extension, its annotation literal and the
 * plain class it annotates) in a sub-package.
 */
package dev.fenced.tck.extension;
