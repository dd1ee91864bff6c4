/**
 * Deterministic simulation of the engines: the {@link dev.fenced.core.locks.LockManager} and the
 * {@link dev.fenced.core.idempotency.IdempotencyEngine} of several simulated instances, run
 * unchanged against the in-memory stores under injected faults, in thousands of seeded schedules a
 * build, each history checked against the documented guarantees.
 *
 * <p><b>How a run works.</b> One thread, no real clock. {@link dev.fenced.core.simulation.SimWorld}
 * keeps real time and a queue of events; each instance is a {@link
 * dev.fenced.core.simulation.SimInstance}, the engines' {@code Scheduler}, so renewals (store
 * tasks) and deadline checks (timers) are events of the world, and its monotonic clock is real
 * time: it runs on while the instance is paused. The in-memory stores measure expiry on the store's
 * clock, which follows real time at its own rate and can step. Each instance reaches them through a
 * {@link dev.fenced.core.simulation.StoreLink} that loses a request, loses an answer after the
 * store applied the call, delays a request or an answer, or hangs renewals, while a fault of the
 * plan is on. A call that waits (a late answer, a sleep) lets the world run meanwhile, as the other
 * threads of a server would; when waits nest, the inner one can make the outer return later than
 * planned, which is one more late answer. A paused instance runs nothing until it wakes, then what
 * fell due, in order; a crashed one never runs what it had scheduled and comes back as a new
 * process. Owner ids are random in the engines; the history names attempts instead, so one seed
 * always gives the same history ({@code SimulatedSchedulesTest} proves it).
 *
 * <p><b>What a schedule holds.</b> A {@link dev.fenced.core.simulation.Plan}, drawn from a seed: 8
 * to 23 calls over 20 s by 3 instances on 2 lock keys and 2 idempotency keys (one of each 3 times
 * in 4): take a lock, work in steps while it is held (the first at once, as {@code withLock} does),
 * close it or forget it; claim a key, work, then complete (or fail and release). And 1 to 9 faults:
 * a pause, a crash, a store fault of one instance, a store clock that steps or runs fast. Every
 * lock and claim has a ttl of 3 s and a renewal cap of 10 s.
 *
 * <p><b>What is checked.</b> The {@link dev.fenced.core.simulation.Invariant}s, on a {@link
 * dev.fenced.core.simulation.History} of what the simulation measured. The documented margins they
 * allow are in each invariant's comment; the store-clock faults stay inside the envelope that the
 * safety margin (ttl/10) covers ({@link dev.fenced.core.simulation.Profile}).
 *
 * <p><b>When one fails.</b> The test prints the seed, the command that replays it, and the schedule
 * shrunk by {@link dev.fenced.core.simulation.Shrinker} to the few steps that still break the same
 * invariant, with their history.
 *
 * <p><b>Mutations.</b> {@link dev.fenced.core.simulation.Mutation}: broken engines and stores made
 * at the seams the engines have (the store SPI, the {@code Scheduler}), with no change to the
 * engines. {@code SimulationFindsMutationsTest} proves each is caught, and by which invariant.
 */
package dev.fenced.core.simulation;
