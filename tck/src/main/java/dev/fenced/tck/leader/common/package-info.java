/** What the leader deployments share: an observer of the leadership events. */
package dev.fenced.tck.leader.common;
