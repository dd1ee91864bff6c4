/**
 * The application of the store-specific integration tests ({@code JpaStore*IT}, {@code
 * RedisStore*IT}).
 */
package dev.fenced.arquillian.stores;
