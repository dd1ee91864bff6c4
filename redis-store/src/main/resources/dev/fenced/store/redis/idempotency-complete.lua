-- IdempotencyStore.complete: turn the owner's live lock into a completed record.
-- KEYS[1] the record; ARGV[1] owner, ARGV[2] payload (bytes), ARGV[3] ttl in milliseconds
-- The completed record keeps the owner that completed it (no reader shows it), so the same call
-- sent again (Jedis's Cluster client re-sends a command whose connection was reset, though the
-- server ran it) finds its own outcome and answers as the first run did.
-- A claim with a waiter (idempotency-watch.lua) publishes its end, and drops the mark.
local ttl, refused = checked_ttl(ARGV[3])
if refused then
  return refused
end
local record = redis.call('HMGET', KEYS[1], 'state', 'owner', 'payload', 'waiter')
if record[1] == 'completed' and record[2] == ARGV[1] and record[3] == ARGV[2] then
  return 1
end
if record[1] ~= 'locked' or record[2] ~= ARGV[1] then
  return 0
end
redis.call('HSET', KEYS[1], 'state', 'completed', 'payload', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ttl)
if record[4] then
  redis.call('HDEL', KEYS[1], 'waiter')
  publish_claim_end(KEYS[1])
end
return 1
