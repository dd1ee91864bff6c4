/**
 * Guarded jobs in plain Java: the sticky one-instance lease and the per-run lock of one job method,
 * the outcome of each run (ran, or skipped and why), and the count of running jobs that shutdown
 * waits for.
 */
package dev.fenced.core.jobs;
