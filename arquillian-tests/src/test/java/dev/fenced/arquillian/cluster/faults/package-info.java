/**
 * The fault suite: two servers sharing the run's store (through a {@code StoreLink} proxy), and the
 * faults that really happen to them (a duplicate storm, bad input, store outages, a frozen and a
 * killed server, a server halted right after a commit, a restart), each with the promise it proves
 * ({@code RELIABILITY.md}).
 */
package dev.fenced.arquillian.cluster.faults;
