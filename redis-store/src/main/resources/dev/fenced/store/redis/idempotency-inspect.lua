-- IdempotencyRecordAdministration.record and purge: the live record, read (and deleted when ARGV[2]
-- is '1') in one script. KEYS[1] the record; ARGV[1] '1' to return the payload, ARGV[2] '1' to purge.
-- Returns nothing when no record lives, else {state, fp, owner or '', ms in flight or -1 (completed,
-- or claimed by an earlier build), ms until expiry, payload or ''}, all measured on Redis's clock.
local record = redis.call('HMGET', KEYS[1], 'state', 'fp', 'owner', 'since', 'payload')
if not record[1] then
  return false
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
end
return {record[1], record[2], record[3] or '', in_flight, left, payload}
