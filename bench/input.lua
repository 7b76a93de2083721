-- wrk script for bench/http.sh: keystrokes, `POST /s/<id>/input` (CONTRACT §3), sent as the page
-- script sends them.
--
-- With CARDFORM_BENCH_SETUP (the output of bench/input_setup.py, one `<id> <token> <page>` line per
-- session after two header lines), keystrokes are spread over many open sessions, never two at
-- once on one session (a shopper types one key at a time), and each carries the page revision the
-- last answer gave, as the page script does: the server answers the changed blocks, not a resync.
-- The value alternates between typing and deleting the 15th digit of a card number, so every
-- request is a real edit (format, detect, validate, render, diff). The bare server ignores all
-- this; its answers carry no seq, so sessions are freed oldest first.
--
-- Without CARDFORM_BENCH_SETUP: one constant keystroke with the token from CARDFORM_TOKEN.

local values = { "4242%204242%204242%2042", "4242%204242%204242%20424" }
local sessions, free, busy, seq = {}, {}, {}, 0
-- Globals, not locals: done() reads them from each thread with thread:get.
answers, resyncs, plain = 0, 0, 0

function init(args)
  local file = os.getenv("CARDFORM_BENCH_SETUP")
  if not file or file == "" then return end
  local line_number = 0
  for line in io.lines(file) do
    line_number = line_number + 1
    local id, token, page = line:match("^(%S+) (%S+) (%S+)$")
    if line_number > 2 and id then
      sessions[#sessions + 1] = { id = id, token = token, page = page, rev = 0, typed = 0 }
      free[#free + 1] = #sessions
    end
  end
end

function request()
  if #sessions == 0 then
    return wrk.format("POST", nil, {
      ["Content-Type"] = "application/x-www-form-urlencoded",
      ["X-CardForm-Token"] = os.getenv("CARDFORM_TOKEN") or "",
    }, "field=cardNumber&value=4242%204242%204242&caret=14&seq=1&event=input")
  end
  if #free == 0 then -- more connections than sessions: reuse the longest-busy one
    free[1] = table.remove(busy, 1).index
  end
  local index = table.remove(free, 1)
  local session = sessions[index]
  seq = seq + 1
  session.typed = 1 - session.typed
  local value = values[session.typed + 1]
  busy[#busy + 1] = { index = index, seq = seq }
  local caret = session.typed == 1 and 18 or 17
  local body = "field=cardNumber&value=" .. value .. "&caret=" .. caret .. "&seq=" .. seq ..
    "&event=input&page=" .. session.page .. "&rev=" .. session.rev
  return wrk.format("POST", "/s/" .. session.id .. "/input", {
    ["Content-Type"] = "application/x-www-form-urlencoded",
    ["X-CardForm-Token"] = session.token,
  }, body)
end

function response(status, headers, body)
  if #sessions == 0 then return end
  answers = answers + 1
  local answered = tonumber(body:match('data%-cf%-seq="(%d+)"') or "")
  local rev = tonumber(body:match('data%-cf%-rev="(%d+)"') or "")
  if body:find('data-cf-block="form"', 1, true) then resyncs = resyncs + 1 end -- plain: no pattern
  local slot = 1
  if answered then
    for i, entry in ipairs(busy) do
      if entry.seq == answered then slot = i break end
    end
  else
    plain = plain + 1
  end
  local entry = table.remove(busy, slot)
  if not entry then return end
  if rev then sessions[entry.index].rev = rev end
  free[#free + 1] = entry.index
end

local threads = {}
function setup(thread) threads[#threads + 1] = thread end

function done(summary, latency, requests)
  local total_answers, total_resyncs, total_plain = 0, 0, 0
  for _, thread in ipairs(threads) do
    total_answers = total_answers + (thread:get("answers") or 0)
    total_resyncs = total_resyncs + (thread:get("resyncs") or 0)
    total_plain = total_plain + (thread:get("plain") or 0)
  end
  if total_answers > 0 then
    io.write(string.format("note: %d answers, %d resyncs (whole form), %d without an echo\n",
      total_answers, total_resyncs, total_plain))
  end
end
