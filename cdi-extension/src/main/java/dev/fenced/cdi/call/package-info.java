/**
 * Non-HTTP idempotent calls in plain Java: the key, the fingerprint of the arguments, the JSON-B
 * outcome envelope with its round-trip check, and the runner that claims, replays, runs and records
 * (after the caller's transaction commits). The CDI interceptor and the programmatic bean only
 * adapt it.
 */
package dev.fenced.cdi.call;
