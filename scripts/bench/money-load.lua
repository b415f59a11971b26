-- wrk script of `npm run bench:ledger` (and tests/load/wrk-load.test.ts): money POSTs with a fresh Idempotency-Key
-- each, for the users listed in a file the benchmark writes, so the load costs little CPU per request.
--
--   wrk -t2 -c16 -d20s -s scripts/bench/money-load.lua http://127.0.0.1:PORT -- USERS_FILE MIX RUN_ID
--
-- USERS_FILE: one user a line, `userId token momoBeneficiary bankBeneficiary onUsBeneficiary` (0: none).
-- MIX 'classic': card top-ups and bank withdrawals in turn (the figures of docs/performance.md).
-- MIX 'transfers': card top-ups and transfers in turn (on-us, MoMo payout, bank payout); a transfer is
--   InitiateTransfer (201, the cart) then PayNow of that cart, the next request the thread sends.
-- MIX 'floor': GET /api/health only (one `select 1`): the cheapest request, what the host and PostgreSQL cannot go
--   below per request.
-- RUN_ID: makes the keys unique across runs on one database.
--
-- A thread's connections share its users. A cart's answer does not name its sender, so the transfer's amount does:
-- its last two digits in pesewas are the sender's place in the thread's list (at most 100 users a thread).
-- done() prints one line `WRK_JSON {...}` with the counts by status and kind, and the latency percentiles.

local threads = {}
local nextThreadId = 0

function setup(thread)
  thread:set('threadId', nextThreadId)
  thread:set('threadCount', 0)
  nextThreadId = nextThreadId + 1
  table.insert(threads, thread)
  for _, each in ipairs(threads) do
    each:set('threadCount', #threads)
  end
end

local users = {}
local mix, runId
local turn, sequence = 0, 0
local cartsToPay = {}
-- response() is not told which request an answer is for: a cart (`guidId`) is an InitiateTransfer's; every other
-- answer is counted by its status class (in a healthy run, every one is a money POST's 200).
counts = { carts = 0, answers2xx = 0, answers4xx = 0, answers5xx = 0 }

local CARD_NUMBERS = { '4242424242424242', '5555555555554444' }
local TRANSFER_TURNS = { 'card', 'onUs', 'momo', 'bank' }
local headersFor = {}

function init(args)
  local file = assert(io.open(args[1], 'r'))
  local index = 0
  for line in file:lines() do
    local userId, token, momo, bank, onUs = line:match('^(%d+) (%S+) (%d+) (%d+) (%d+)$')
    if userId then
      if index % threadCount == threadId then
        table.insert(users, {
          userId = tonumber(userId),
          momo = tonumber(momo),
          bank = tonumber(bank),
          onUs = tonumber(onUs),
        })
        headersFor[#users] = { ['Authorization'] = 'Bearer ' .. token, ['Content-Type'] = 'application/json' }
      end
      index = index + 1
    end
  end
  file:close()
  assert(#users > 0 and #users <= 100, 'each thread needs 1 to 100 users')
  mix = args[2]
  assert(mix == 'classic' or mix == 'transfers' or mix == 'floor', 'MIX: classic, transfers or floor')
  runId = args[3] or tostring(os.time())
  math.randomseed(os.time() + threadId)
end

local function keyed(slot)
  sequence = sequence + 1
  local headers = {}
  for name, value in pairs(headersFor[slot]) do headers[name] = value end
  headers['Idempotency-Key'] = string.format('%s-%d-%d', runId, threadId, sequence)
  return headers
end

local function cardTopUp(slot)
  local user = users[slot]
  local body = string.format(
    '{"userId":%d,"amount":%d,"firstName":"Ama","lastName":"Mensah","cardNumber":"%s","cvv":"123","expiryMonth":12,"expiryYear":%d}',
    user.userId, math.random(1, 100), CARD_NUMBERS[math.random(1, 2)], tonumber(os.date('%Y')) + 3)
  return wrk.format('POST', '/api/User/AddFundsToWallet', keyed(slot), body)
end

local function bankWithdrawal(slot)
  local user = users[slot]
  local body = string.format(
    '{"userId":%d,"amount":%d.%02d,"isMOMOWithdrawal":false,"bankAccountNumber":"10%010d%d","bankId":%d}',
    user.userId, math.random(1, 20), math.random(0, 99), math.random(0, 999999999), math.random(5, 9),
    math.random(1, 24))
  return wrk.format('POST', '/api/Transaction/WithDrawalMoney', keyed(slot), body)
end

local function initiateTransfer(slot, kind)
  local user = users[slot]
  local beneficiary = user[kind]
  if kind == 'onUs' and beneficiary == 0 then beneficiary, kind = user.momo, 'momo' end
  -- GH₵ 1 to 99 and the sender's place (slot - 1) as the pesewas.
  local pesewas = math.random(1, 99) * 100 + (slot - 1)
  local body = string.format(
    '{"sendAmount":%d.%02d,"currency":"GHS","senderId":%d,"beneficiaryId":%d,"deliveryMethodId":%d,"transactionPurposeId":1}',
    math.floor(pesewas / 100), pesewas % 100, user.userId, beneficiary, kind == 'bank' and 2 or 1)
  return wrk.format('POST', '/api/Transaction/InitiateTransfer', headersFor[slot], body)
end

local function payNow(cart)
  local body = string.format('{"userId":%d,"cartId":"%s"}', users[cart.slot].userId, cart.cartId)
  return wrk.format('POST', '/api/Transaction/PayNow', keyed(cart.slot), body)
end

local function nextRequest()
  local cart = table.remove(cartsToPay, 1)
  if cart then return payNow(cart) end
  turn = turn + 1
  local slot = (turn - 1) % #users + 1
  if mix == 'floor' then return wrk.format('GET', '/api/health') end
  if mix == 'classic' then
    if turn % 2 == 1 then return cardTopUp(slot) end
    return bankWithdrawal(slot)
  end
  local kind = TRANSFER_TURNS[(turn - 1) % #TRANSFER_TURNS + 1]
  if kind == 'card' then return cardTopUp(slot) end
  return initiateTransfer(slot, kind)
end

local function class(status)
  if status < 300 then return '2xx' end
  if status < 500 then return '4xx' end
  return '5xx'
end

local function countAnswer(status, body)
  local cartId = status == 201 and body:match('"guidId":"([%x%-]+)"')
  if cartId then
    local amount = tonumber(body:match('"sendAmount":([%d%.]+)'))
    table.insert(cartsToPay, { slot = math.floor(amount * 100 + 0.5) % 100 + 1, cartId = cartId })
    counts.carts = counts.carts + 1
  else
    local name = 'answers' .. class(status)
    counts[name] = counts[name] + 1
  end
end

-- wrk calls request() and response() outside any protected call: an error there would abort the whole run with a
-- bare PANIC. Each is guarded instead; an error is counted, its first text kept, and the benchmark refuses the run.
scriptErrors, firstScriptError = 0, ''
local function scriptError(message)
  scriptErrors = scriptErrors + 1
  if firstScriptError == '' then firstScriptError = tostring(message) end
end

function request()
  local ok, result = pcall(nextRequest)
  if ok then return result end
  scriptError(result)
  return wrk.format('GET', '/api/health')
end

function response(status, headers, body)
  local ok, message = pcall(countAnswer, status, body or '')
  if not ok then scriptError(message) end
end

function done(summary, latency, requests)
  local total = {}
  for _, thread in ipairs(threads) do
    for name, value in pairs(thread:get('counts')) do total[name] = (total[name] or 0) + value end
  end
  local parts = {}
  local errors, firstError = 0, ''
  for _, thread in ipairs(threads) do
    errors = errors + thread:get('scriptErrors')
    if firstError == '' then firstError = thread:get('firstScriptError') end
  end
  table.insert(parts, string.format('"scriptErrors":%d,"firstScriptError":"%s"', errors,
    (firstError:gsub('[%c"\\]', ' '))))
  for name, value in pairs(total) do table.insert(parts, string.format('"%s":%d', name, value)) end
  table.insert(parts, string.format('"durationUs":%d', summary.duration))
  table.insert(parts, string.format('"requests":%d', summary.requests))
  table.insert(parts, string.format('"timeouts":%d', summary.errors.timeout))
  table.insert(parts, string.format('"socketErrors":%d',
    summary.errors.connect + summary.errors.read + summary.errors.write))
  for _, p in ipairs({ 50, 90, 99 }) do
    table.insert(parts, string.format('"p%dUs":%d', p, latency:percentile(p)))
  end
  table.insert(parts, string.format('"maxUs":%d', latency.max))
  io.write('WRK_JSON {' .. table.concat(parts, ',') .. '}\n')
end
