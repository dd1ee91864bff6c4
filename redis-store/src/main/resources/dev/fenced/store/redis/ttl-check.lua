-- Put before every script (RedisScript). checked_ttl(value) returns a ttl argument that PEXPIRE
-- accepts (a whole number of milliseconds from 1 to MAX_TTL_MILLIS), or nil and a FENCED_TTL error
-- reply for the script to return. A script checks its ttl before its first write, so a bad ttl
-- fails it with nothing written: Redis does not undo the writes of a script that fails halfway,
-- and a PEXPIRE that failed after an HSET left a key that never expired.
local function checked_ttl(value)
  if type(value) ~= 'string' or not string.match(value, '^[1-9]%d*$') or string.len(value) > 15
      or tonumber(value) > %MAX_TTL_MILLIS% then
    return nil, redis.error_reply(
      'FENCED_TTL a ttl is a whole number of milliseconds from 1 to %MAX_TTL_MILLIS%, not '
        .. tostring(value))
  end
  return value
end
