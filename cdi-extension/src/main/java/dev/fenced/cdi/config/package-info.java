/**
 * MicroProfile Config as Fenced reads it: the keys in the Fault Tolerance convention ({@link
 * dev.fenced.cdi.config.ConfigKeys}), the defaults, and the application-wide settings (store
 * selection, global, lock, body-size, encryption and commit settings), each read from a {@link
 * dev.fenced.cdi.config.ConfigLookup} and validated by a deployment check.
 */
package dev.fenced.cdi.config;
