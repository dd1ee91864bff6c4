-- IdempotencyStore.extend: move the expiry of the owner's live lock to ttl from now.
-- KEYS[1] the record; ARGV[1] owner, ARGV[2] lock ttl in milliseconds
local ttl, refused = checked_ttl(ARGV[2])
if refused then
  return refused
end
local record = redis.call('HMGET', KEYS[1], 'state', 'owner')
if record[1] ~= 'locked' or record[2] ~= ARGV[1] then
  return 0
end
redis.call('PEXPIRE', KEYS[1], ttl)
return 1
