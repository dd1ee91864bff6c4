/**
 * The two-server cluster tests: two managed servers (two WildFly, or one WildFly and one Open
 * Liberty) share one store and one PostgreSQL database of records; the tests check a job that runs
 * on one instance, one leader, a takeover after a kill -9, and idempotent requests across servers.
 */
package dev.fenced.arquillian.cluster;
