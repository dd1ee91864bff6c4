/**
 * How this build runs the behaviour TCK on its own stores, the way a store vendor does with the
 * published harness ({@code fenced-tck-arquillian}): the TCK's store providers for the JPA and
 * Redis stores, and the session listener that prepares the cell's store (database, schema, Redis
 * key prefix, the fault suite's store link) before Arquillian starts the server.
 */
package dev.fenced.arquillian.harness;
