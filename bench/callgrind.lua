-- wrk script for bench/callgrind.sh: bench/shoppers.lua, each thread stopping after STOP_AFTER
-- answers, so a server slowed down by callgrind is not kept busy past the counted window.
dofile("bench/shoppers.lua")
local inner = response
local answered = 0
function response(status, headers, body)
  answered = answered + 1
  if answered >= tonumber(os.getenv("STOP_AFTER") or "1200") then wrk.thread:stop() end
  return inner(status, headers, body)
end
