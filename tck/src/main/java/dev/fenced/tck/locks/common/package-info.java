/**
 * What the lock and leader deployments share: bounded polling, a run recorder, a small lock store
 * with test hooks (forget a lock, fail renewals, the calls it got), and the work and the observer
 * the loss tests use. The gates and the managed executor every TCK area uses are in {@code
 * dev.fenced.tck.support}.
 */
package dev.fenced.tck.locks.common;
