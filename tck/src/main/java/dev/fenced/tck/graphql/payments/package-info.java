/** Deployed by the GraphQL tests: payment mutations and what the tests steer them with. */
package dev.fenced.tck.graphql.payments;
