-- IdempotencyRecordAdministration.record and purge: the live record, read (and deleted when ARGV[2]
-- is '1' and it is the record the operator saw) in one script. KEYS[1] the record; ARGV[1] '1' to
-- return the payload, ARGV[2] '1' to purge, ARGV[3] the record to purge: 'completed' for a completed
-- one, else 'locked' and ARGV[4] its owner. Checking the owner as it deletes makes the purge safe to
-- send twice: a re-sent purge never deletes the claim of an attempt that came in between.
-- Returns nothing when no record lives (or, to a purge, when the live one is not the one expected),
-- else {state, fp, owner or '', ms in flight or -1 (completed, or claimed by an earlier build), ms
-- until expiry, payload or ''}, all measured on Redis's clock. A completed record keeps the owner
-- that completed it (idempotency-complete.lua), which is not shown. Purging a claim with a waiter
-- (idempotency-watch.lua) publishes its end.
local record = redis.call('HMGET', KEYS[1], 'state', 'fp', 'owner', 'since', 'payload', 'waiter')
if not record[1] then
  return false
end
if ARGV[2] == '1' then
  if ARGV[3] ~= record[1] or (record[1] == 'locked' and record[3] ~= ARGV[4]) then
    return false
  end
end
local owner = ''
if record[1] == 'locked' and record[3] then
  owner = record[3]
end
local left = redis.call('PTTL', KEYS[1])
local in_flight = -1
if record[1] == 'locked' and record[4] then
  local time = redis.call('TIME')
  local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
  in_flight = math.max(0, now - tonumber(record[4]))
end
local payload = ''
if ARGV[1] == '1' and record[5] then
  payload = record[5]
end
if ARGV[2] == '1' then
  redis.call('DEL', KEYS[1])
  if record[6] then
    publish_claim_end(KEYS[1])
  end
end
return {record[1], record[2], owner, in_flight, left, payload}
