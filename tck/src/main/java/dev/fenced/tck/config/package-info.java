/**
 * Config overrides in the behaviour TCK: {@code microprofile-config.properties} keys of the MP
 * Fault Tolerance form override {@code @Idempotent}'s members. In-container Arquillian tests.
 */
package dev.fenced.tck.config;
