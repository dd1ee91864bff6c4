/** The application of {@code InvalidGraphqlKeyArgumentTest}. */
package dev.fenced.tck.deployment.graphql.keytype;
