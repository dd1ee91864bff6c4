/**
 * What the lock and leader deployments share: a managed executor for a second caller, named gates
 * that hold a run until the test lets it go, bounded polling, a run recorder, a small lock store
 * with test hooks (forget a lock, fail renewals, the calls it got), and the work and the observer
 * the loss tests use.
 */
package dev.fenced.tck.locks.common;
