-- LockStore.acquire: take a free (or expired) lock and draw the next fencing token.
-- KEYS[1] the lock (a hash: owner, token), KEYS[2] the key's token counter (same hash tag, never expires)
-- ARGV[1] owner, ARGV[2] ttl in milliseconds
-- Returns the token, or 0 when a live lock holds the key (tokens start at 1).
local ttl, refused = checked_ttl(ARGV[2])
if refused then
  return refused
end
if redis.call('EXISTS', KEYS[1]) == 1 then
  return 0
end
local token = redis.call('INCR', KEYS[2])
redis.call('HSET', KEYS[1], 'owner', ARGV[1], 'token', token)
redis.call('PEXPIRE', KEYS[1], ttl)
return token
