-- LockStore.acquire: take a free (or expired) lock and draw the next fencing token.
-- KEYS[1] the lock (a hash: owner, token), KEYS[2] the key's token counter (same hash tag)
-- ARGV[1] owner, ARGV[2] ttl in milliseconds, ARGV[3] how long the counter outlives the lock (ms)
-- Returns the token, or 0 when a live lock of another owner holds the key.
--
-- An acquire that finds the lock held by its own owner is the same call sent again (owners are
-- random per acquisition; Jedis's Cluster client re-sends a command whose connection was reset,
-- though the server ran it): it answers as the first run did, with the token that run drew, and
-- sets the ttl it asks for, instead of meeting its own lock and failing.
--
-- The token is the larger of the counter + 1 and the server's clock in microseconds (TIME). The
-- counter alone makes tokens strictly increasing while it is kept; the clock keeps them increasing
-- when it is not: a failover that lost the last INCRs (replication is asynchronous), an eviction,
-- a restart without persistence, or the counter's own expiry once the key has been idle. A token
-- drawn then is the new primary's clock, later than every token drawn before as long as that
-- clock reads later than the old primary's did (NTP-synchronised hosts; a failover takes seconds).
-- Both fit a Lua number exactly (2^53 microseconds is the year 2255).
local ttl, refused = checked_ttl(ARGV[2])
if refused then
  return refused
end
local held = redis.call('HMGET', KEYS[1], 'owner', 'token')
if held[1] then
  if held[1] ~= ARGV[1] then
    return 0
  end
  redis.call('PEXPIRE', KEYS[1], ttl)
  return tonumber(held[2])
end
local now = redis.call('TIME')
local token = tonumber(now[1]) * 1000000 + tonumber(now[2])
local last = tonumber(redis.call('GET', KEYS[2]))
if last and last >= token then
  token = last + 1
end
-- %d, not tostring: Lua prints numbers of 15+ digits in exponent form
local text = string.format('%d', token)
redis.call('SET', KEYS[2], text, 'PX', tonumber(ttl) + tonumber(ARGV[3]))
redis.call('HSET', KEYS[1], 'owner', ARGV[1], 'token', text)
redis.call('PEXPIRE', KEYS[1], ttl)
return token
