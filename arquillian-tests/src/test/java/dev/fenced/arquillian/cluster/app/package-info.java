/**
 * The application each cluster member runs: an every-second timer job on one instance, a leader
 * election and a guarded payment resource, all recording what they did in the cluster's records
 * tables in PostgreSQL ({@link dev.fenced.arquillian.cluster.app.RecordTables}).
 */
package dev.fenced.arquillian.cluster.app;
