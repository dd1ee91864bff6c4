/** The deployment of the {@code FencedAdmin} tests: an idempotent call and an event log. */
package dev.fenced.tck.admin.operated;
