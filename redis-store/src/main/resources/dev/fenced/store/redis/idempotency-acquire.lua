-- IdempotencyStore.acquire: take the lock on a free key, or report the live record.
-- KEYS[1] the record (a hash: state, fp, owner, payload, since: the claim time in ms on Redis's clock,
-- waiter: set while someone waits for the claim's end, idempotency-watch.lua)
-- ARGV[1] owner, ARGV[2] fingerprint, ARGV[3] lock ttl in milliseconds
-- An expired record does not exist: Redis drops it when the script touches it.
-- A record in flight under this owner and fingerprint is this same call sent again (owners are
-- random per attempt; Jedis's Cluster client re-sends a command whose connection was reset, though
-- the server ran it): it is acquired, as the first run answered, with the lock ttl it asks for.
local ttl, refused = checked_ttl(ARGV[3])
if refused then
  return refused
end
local record = redis.call('HMGET', KEYS[1], 'state', 'fp', 'payload', 'owner')
if not record[1] then
  -- a new claim, on a record that did not exist: it has no waiter yet
  local time = redis.call('TIME')
  local since = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
  redis.call('HSET', KEYS[1], 'state', 'locked', 'fp', ARGV[2], 'owner', ARGV[1], 'since', since)
  redis.call('PEXPIRE', KEYS[1], ttl)
  return {'acquired'}
end
if record[1] == 'locked' and record[4] == ARGV[1] and record[2] == ARGV[2] then
  redis.call('PEXPIRE', KEYS[1], ttl)
  return {'acquired'}
end
if record[1] == 'completed' then
  return {'completed', record[2], record[3]}
end
return {'in-flight', record[2]}
