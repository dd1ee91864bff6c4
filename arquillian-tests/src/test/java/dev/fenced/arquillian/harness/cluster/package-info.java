/**
 * The Arquillian container the two-server cluster tests run their members through: one JVM drives a
 * WildFly and an Open Liberty member, each through the adapter its configuration names.
 */
package dev.fenced.arquillian.harness.cluster;
