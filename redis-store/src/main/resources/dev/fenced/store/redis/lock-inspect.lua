-- LockAdministration.lock and forceRelease: the live lock, read (and deleted, whoever holds it, when
-- ARGV[1] is '1') in one script; the token counter is left alone, so the next token is higher.
-- KEYS[1] the lock. Returns nothing when no lock lives, else {owner, token, ms until expiry}.
local lock = redis.call('HMGET', KEYS[1], 'owner', 'token')
if not lock[1] then
  return false
end
local left = redis.call('PTTL', KEYS[1])
if ARGV[1] == '1' then
  redis.call('DEL', KEYS[1])
end
return {lock[1], tonumber(lock[2]), left}
