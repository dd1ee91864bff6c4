-- IdempotencyStore.release: delete the owner's live lock; a completed record is never released.
-- A claim with a waiter (idempotency-watch.lua) publishes its end.
-- KEYS[1] the record; ARGV[1] owner
local record = redis.call('HMGET', KEYS[1], 'state', 'owner', 'waiter')
if record[1] ~= 'locked' or record[2] ~= ARGV[1] then
  return 0
end
redis.call('DEL', KEYS[1])
if record[3] then
  publish_claim_end(KEYS[1])
end
return 1
