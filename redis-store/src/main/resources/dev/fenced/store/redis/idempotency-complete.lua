-- IdempotencyStore.complete: turn the owner's live lock into a completed record.
-- KEYS[1] the record; ARGV[1] owner, ARGV[2] payload (bytes), ARGV[3] ttl in milliseconds
local ttl, refused = checked_ttl(ARGV[3])
if refused then
  return refused
end
local record = redis.call('HMGET', KEYS[1], 'state', 'owner')
if record[1] ~= 'locked' or record[2] ~= ARGV[1] then
  return 0
end
redis.call('HSET', KEYS[1], 'state', 'completed', 'payload', ARGV[2])
redis.call('HDEL', KEYS[1], 'owner')
redis.call('PEXPIRE', KEYS[1], ttl)
return 1
