-- The release(key, owner) that IdempotencyStore and LockStore share, for the one object that is both
-- stores (RedisStore, behind the bean named "redis"): deletes the owner's live idempotency lock and
-- the owner's lock on the key. Fenced draws a new random owner for every acquisition, so at most one
-- of the two matches. Both keys carry the key's hash tag: one Cluster slot. The counter stays.
-- A released claim with a waiter (idempotency-watch.lua) publishes its end.
-- KEYS[1] the record, KEYS[2] the lock; ARGV[1] owner
local released = 0
local record = redis.call('HMGET', KEYS[1], 'state', 'owner', 'waiter')
if record[1] == 'locked' and record[2] == ARGV[1] then
  redis.call('DEL', KEYS[1])
  if record[3] then
    publish_claim_end(KEYS[1])
  end
  released = 1
end
if redis.call('HGET', KEYS[2], 'owner') == ARGV[1] then
  redis.call('DEL', KEYS[2])
  released = 1
end
return released
