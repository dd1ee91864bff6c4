/**
 * {@code @Idempotent} MicroProfile GraphQL mutations: what a client of a GraphQL endpoint sees. The
 * server needs MicroProfile GraphQL (Open Liberty's {@code mpGraphQL-2.0}; on WildFly SmallRye
 * GraphQL in the deployment, which the harness adds from {@code fenced.tck.graphql.libraries}) and
 * the application {@code fenced-graphql}.
 */
package dev.fenced.tck.graphql;
