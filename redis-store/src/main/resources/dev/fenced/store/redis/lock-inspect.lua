-- LockAdministration.lock and forceRelease: the live lock, read (and deleted, when ARGV[1] is '1'
-- and ARGV[2] holds it) in one script; the token counter is left alone, so the next token is
-- higher. Checking the owner as it deletes makes the release safe to send twice: a re-sent
-- forceRelease never frees the lock of an owner that took the key in between.
-- KEYS[1] the lock. Returns nothing when no lock lives (or, to a release, when another owner holds
-- it), else {owner, token, ms until expiry}.
local lock = redis.call('HMGET', KEYS[1], 'owner', 'token')
if not lock[1] then
  return false
end
if ARGV[1] == '1' and lock[1] ~= ARGV[2] then
  return false
end
local left = redis.call('PTTL', KEYS[1])
if ARGV[1] == '1' then
  redis.call('DEL', KEYS[1])
end
return {lock[1], tonumber(lock[2]), left}
