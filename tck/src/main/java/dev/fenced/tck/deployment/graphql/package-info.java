/**
 * Deployments that fail because a GraphQL guard is wrong: {@code @Idempotent} on a query, a key
 * argument that is not a string, a guarded mutation without {@code fenced-graphql}.
 */
package dev.fenced.tck.deployment.graphql;
