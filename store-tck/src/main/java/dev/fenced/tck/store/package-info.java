/**
 * The store contract suites: abstract JUnit 5 classes that a store's test extends with a factory,
 * so every {@code IdempotencyStore} and {@code LockStore} is held to the same rules, races
 * included.
 */
package dev.fenced.tck.store;
