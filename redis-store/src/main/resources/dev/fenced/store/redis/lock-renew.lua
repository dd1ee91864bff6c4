-- LockStore.renew: move the expiry of the owner's live lock to ttl from now.
-- KEYS[1] the lock; ARGV[1] owner, ARGV[2] ttl in milliseconds
local ttl, refused = checked_ttl(ARGV[2])
if refused then
  return refused
end
if redis.call('HGET', KEYS[1], 'owner') ~= ARGV[1] then
  return 0
end
redis.call('PEXPIRE', KEYS[1], ttl)
return 1
