/** The deployment of {@code JobEventsTest}: guarded jobs and an observer of their events. */
package dev.fenced.tck.locks.events;
