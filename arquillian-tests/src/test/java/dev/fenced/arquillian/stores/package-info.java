/**
 * The application of the store-specific integration tests ({@code JpaStoreIT}, {@code
 * RedisStore*IT}).
 */
package dev.fenced.arquillian.stores;
