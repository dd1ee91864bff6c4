-- Put before every script (RedisScript). publish_claim_end(record) tells the waiting duplicates of
-- the claim on the record named record that it ended (ClaimEndSignals): it publishes the name on
-- the channel <prefix>claim-ended of the record's store. A record's name is <prefix>idem:{<key>},
-- and the prefix holds no brace, so the prefix ends 5 characters before the first '{'. A script
-- calls it only when the record has a waiter (the field 'waiter', set by idempotency-watch.lua), so
-- ending a claim that nobody waits for publishes nothing. In a Redis Cluster a PUBLISH reaches
-- every node, so one subscription on any node hears it. The signal is best effort: pcall keeps a
-- refused PUBLISH (an ACL user without the channel) from failing the script after its writes, which
-- Redis would not undo; the waiter's poll still finds the end.
local function publish_claim_end(record)
  local tag = string.find(record, '{', 1, true)
  redis.pcall('PUBLISH', string.sub(record, 1, tag - 6) .. 'claim-ended', record)
end
