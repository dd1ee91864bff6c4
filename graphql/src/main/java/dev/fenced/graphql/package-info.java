/**
 * {@code @Idempotent} MicroProfile GraphQL mutations: which field of the operation a mutation
 * method runs for, and refusals as GraphQL errors on that field.
 */
package dev.fenced.graphql;
