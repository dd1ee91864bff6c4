/** Deployed by the GraphQL tests: a class whose {@code @Idempotent} covers its mutations only. */
package dev.fenced.tck.graphql.refunds;
