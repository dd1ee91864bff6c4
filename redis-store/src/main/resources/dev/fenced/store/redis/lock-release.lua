-- LockStore.release: delete the owner's live lock; the token counter is left alone.
-- KEYS[1] the lock; ARGV[1] owner
if redis.call('HGET', KEYS[1], 'owner') ~= ARGV[1] then
  return 0
end
redis.call('DEL', KEYS[1])
return 1
