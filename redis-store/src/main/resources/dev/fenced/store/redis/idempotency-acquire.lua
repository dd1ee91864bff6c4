-- IdempotencyStore.acquire: take the lock on a free key, or report the live record.
-- KEYS[1] the record (a hash: state, fp, owner, payload, since: the claim time in ms on Redis's clock)
-- ARGV[1] owner, ARGV[2] fingerprint, ARGV[3] lock ttl in milliseconds
-- An expired record does not exist: Redis drops it when the script touches it.
local ttl, refused = checked_ttl(ARGV[3])
if refused then
  return refused
end
local record = redis.call('HMGET', KEYS[1], 'state', 'fp', 'payload')
if not record[1] then
  local time = redis.call('TIME')
  local since = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
  redis.call('HSET', KEYS[1], 'state', 'locked', 'fp', ARGV[2], 'owner', ARGV[1], 'since', since)
  redis.call('PEXPIRE', KEYS[1], ttl)
  return {'acquired'}
end
if record[1] == 'completed' then
  return {'completed', record[2], record[3]}
end
return {'in-flight', record[2]}
