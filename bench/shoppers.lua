-- wrk script for bench/shoppers.sh: shoppers typing whole forms, `POST /s/<id>/input` and
-- `/network` (CONTRACT §3), sent as the page script sends them.
--
-- Each session (one line `<id> <token> <page> <n>` of CARDFORM_BENCH_SETUP, written by
-- bench/input_setup.py with SHOPPER_ORIGINS=1) is one shopper, and the threads share them out: a
-- thread with 32 connections types into its own 32 sessions. A shopper fills the card form key by
-- key, as a browser holding the server's last answer would send it: focus the card number, type it
-- digit by digit (each value is the grouped number so far plus the new digit), blur, pick the
-- network of a co-badged card, then the expiry, the CVV and the name the same way, and finally
-- clears every field; then it starts over with the next card. Cards: plain and co-badged test
-- cards of ../shared/test-cards.md, and one with a bad check digit, an expired date and a name too
-- short, whose errors show.
--
-- One request in flight per session, each with the page id and the last `data-cf-rev` its answers
-- carried: the server answers changed blocks, and a whole form only on a resync (counted). An
-- answer is told to be a session's by the `Content-Security-Policy` header, whose frame-ancestors
-- name the session's own allowed origin `https://shopper-<n>.example`; the bare server echoes the
-- `X-Bench-Shopper` header the same way, so this script does the same work against both.

local profiles = {
  { number = "4242424242424242", gaps = { 4, 8, 12 }, expiry = "1230", cvv = "123", name = "John Smith" },
  { number = "4000002500001001", gaps = { 4, 8, 12 }, pick = "VISA", expiry = "1129", cvv = "456", name = "Marie Curie" },
  { number = "5555555555554444", gaps = { 4, 8, 12 }, expiry = "0528", cvv = "321", name = "Ana Lima" },
  { number = "378282246310005", gaps = { 4, 10 }, expiry = "0931", cvv = "1234", name = "Ada Lovelace" },
  { number = "4242424242424241", gaps = { 4, 8, 12 }, expiry = "0120", cvv = "12", name = "J" },
  { number = "5555552500001001", gaps = { 4, 8, 12 }, pick = "MASTERCARD", expiry = "0330", cvv = "789", name = "Jean Dupont" },
  { number = "6011111111111117", gaps = { 4, 8, 12 }, expiry = "0732", cvv = "246", name = "Grace Hopper" },
  { number = "4000050360000001", gaps = { 4, 8, 12 }, expiry = "1031", cvv = "135", name = "Ned Kelly" },
}

local function encode(text)
  return (text:gsub("[^%w%-%._~]", function (c) return string.format("%%%02X", c:byte()) end))
end

-- The card number grouped as the form shows it: a space before each gap's digit.
local function grouped(digits, gaps)
  local out, gap = {}, 1
  for i = 1, #digits do
    if gaps[gap] and i == gaps[gap] + 1 then out[#out + 1] = " " gap = gap + 1 end
    out[#out + 1] = digits:sub(i, i)
  end
  return table.concat(out)
end

-- MM/YY as the form shows it after `digits`: the slash follows a complete month.
local function slashed(digits)
  if #digits < 2 then return digits end
  return digits:sub(1, 2) .. "/" .. digits:sub(3)
end

local function field(name, value, event)
  return { path = "/input", body = "field=" .. name .. "&value=" .. encode(value) .. "&caret=" .. #value .. "&event=" .. event }
end

-- Focus, one keystroke per character (what the input holds after the last answer, plus the new
-- character, caret at the end), blur.
local function typed(steps, name, text, shown)
  steps[#steps + 1] = field(name, "", "focus")
  for i = 1, #text do
    steps[#steps + 1] = field(name, shown(text:sub(1, i - 1)) .. text:sub(i, i), "input")
  end
  steps[#steps + 1] = field(name, shown(text), "blur")
end

local function plain(text) return text end

-- Every request one shopper sends for one card, in order.
local function script(profile)
  local steps = {}
  typed(steps, "cardNumber", profile.number, function (digits) return grouped(digits, profile.gaps) end)
  if profile.pick then steps[#steps + 1] = { path = "/network", body = "network=" .. profile.pick } end
  typed(steps, "expiryDate", profile.expiry, slashed)
  typed(steps, "cvv", profile.cvv, plain)
  typed(steps, "cardholderName", profile.name, plain)
  for _, name in ipairs({ "cardNumber", "expiryDate", "cvv", "cardholderName" }) do
    steps[#steps + 1] = field(name, "", "focus")
    steps[#steps + 1] = field(name, "", "input")
    steps[#steps + 1] = field(name, "", "blur")
  end
  return steps
end

local scripts = {}
for i, profile in ipairs(profiles) do scripts[i] = script(profile) end

-- Sessions waiting for their next keystroke, oldest first: a queue read at `head` and written at
-- `tail`, so taking one costs the same with 64 shoppers as with thousands (SHOPPERS).
local sessions, byShopper, free, head, tail, seq = {}, {}, {}, 1, 0, 0
-- wrk calls the first thread's request() once before any connection, to check what it returns:
-- that request is never sent, so it takes no session.
local checking = false
-- Globals, not locals: done() reads them from each thread with thread:get.
answers, bytes, resyncs, unmatched = 0, 0, 0, 0

-- SHOPPERS_DUMP=<file>: the answers to one pass over every card are appended there, each after a
-- line naming the request it answers (bench/answers.sh; bench/answers.py histograms them by block).
-- Meant for one thread, one connection and one session.
local dump = os.getenv("SHOPPERS_DUMP")
if dump == "" then dump = nil end
local undumped = 0
for _, steps in ipairs(scripts) do undumped = undumped + #steps end

local threads = {}
function setup(thread)
  threads[#threads + 1] = thread
  thread:set("thread_index", #threads - 1)
end

function init(args)
  local file = os.getenv("CARDFORM_BENCH_SETUP")
  if not file or file == "" then error("shoppers.lua needs CARDFORM_BENCH_SETUP (run bench/shoppers.sh)") end
  local count = tonumber(os.getenv("BENCH_THREADS") or "1")
  local line_number, index = 0, 0
  for line in io.lines(file) do
    line_number = line_number + 1
    local id, token, page, shopper = line:match("^(%S+) (%S+) (%S+) (%d+)$")
    if line_number > 2 and id then
      -- Sessions are dealt out to the threads in turn, so each has its own.
      if index % count == thread_index then
        local n = tonumber(shopper)
        sessions[#sessions + 1] = { id = id, token = token, page = page, shopper = shopper, rev = 0,
          card = n % #scripts + 1, step = 1 }
        byShopper[n] = #sessions
        tail = tail + 1
        free[tail] = #sessions
      end
      index = index + 1
    end
  end
  checking = thread_index == 0
end

function request()
  local index = free[head]
  if checking then
    checking = false
  else
    -- More connections than sessions would put two requests in flight on one page.
    index = head <= tail and free[head] or error("shoppers.lua: no free session (more connections than sessions?)")
    free[head] = nil
    head = head + 1
  end
  local session = sessions[index]
  local step = scripts[session.card][session.step]
  seq = seq + 1
  return wrk.format("POST", "/s/" .. session.id .. step.path, {
    ["Content-Type"] = "application/x-www-form-urlencoded",
    ["X-CardForm-Token"] = session.token,
    ["X-Bench-Shopper"] = session.shopper,
  }, step.body .. "&seq=" .. seq .. "&page=" .. session.page .. "&rev=" .. session.rev)
end

function response(status, headers, body)
  answers = answers + 1
  bytes = bytes + #body
  local policy = headers["Content-Security-Policy"] or ""
  local index = byShopper[tonumber(policy:match("shopper%-(%d+)%.example") or "")]
  if not index then
    unmatched = unmatched + 1
    return
  end
  local session = sessions[index]
  if dump and undumped > 0 then
    undumped = undumped - 1
    local file = io.open(dump, "a")
    local step = scripts[session.card][session.step]
    file:write("\30", step.path, " ", step.body, "\n", body)
    file:close()
  end
  local rev = tonumber(body:match('data%-cf%-rev="(%d+)"') or "")
  if rev then session.rev = rev end
  if body:find('data-cf-block="form"', 1, true) then resyncs = resyncs + 1 end -- plain: no pattern
  session.step = session.step + 1
  if session.step > #scripts[session.card] then
    session.card = session.card % #scripts + 1
    session.step = 1
  end
  tail = tail + 1
  free[tail] = index
end

function done(summary, latency, requests)
  local total = { answers = 0, bytes = 0, resyncs = 0, unmatched = 0 }
  for _, thread in ipairs(threads) do
    for key in pairs(total) do total[key] = total[key] + (thread:get(key) or 0) end
  end
  if total.answers > 0 then
    io.write(string.format("note: mean answer %d bytes per keystroke\n", math.floor(total.bytes / total.answers + 0.5)))
    io.write(string.format("note: %d answers, %d resyncs (whole form), %d not told apart\n",
      total.answers, total.resyncs, total.unmatched))
  end
end
