-- ClaimEndSignals.watch: mark the claim in flight on the record as waited for, so that the script
-- that ends it (complete, release, release-either, a purge) publishes its end (publish_claim_end).
-- Called once the watcher's subscription is live, so the end cannot pass unheard. The field never
-- outlives the claim: a release deletes the record, a completion drops the field, and a new claim
-- is taken only on a record that does not exist (idempotency-acquire.lua), so it starts without one.
-- KEYS[1] the record. Returns 1 when the record is in flight (now marked), else 0 (nothing to wait for).
if redis.call('HGET', KEYS[1], 'state') ~= 'locked' then
  return 0
end
redis.call('HSET', KEYS[1], 'waiter', '1')
return 1
