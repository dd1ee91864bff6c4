/**
 * The behaviour TCK of {@code @OnOneInstance}, {@code @WithoutOverlapping} and {@code Locks}: runs
 * in the container, on EJB timers, direct CDI calls and the programmatic API. Each class keeps its
 * deployment's classes in a sub-package; {@code common} holds what they share. Deployment failures
 * are in {@code invalid}.
 */
package dev.fenced.tck.locks;
