/** The application of {@code InvalidGraphqlQueryTest}. */
package dev.fenced.tck.deployment.graphql.query;
