/**
 * The HTTP half of the behaviour TCK for {@code @Idempotent}: black-box Arquillian tests, one
 * behaviour and one deployment each, that call a deployed JAX-RS resource with {@code
 * java.net.http.HttpClient} and check every row of the design's HTTP table. Each test class keeps
 * its deployment's classes in a sub-package of its own; what every deployment shares (the JAX-RS
 * application, the invocation counter the tests read over HTTP, the client) is in {@code
 * dev.fenced.tck.support}.
 */
package dev.fenced.tck.idempotent;
