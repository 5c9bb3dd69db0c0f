-- The connection against a server that breaks the protocol (the Python client's test double
-- clients/python/tests/misbehaving_feedvm.py, run with python3). The rules, as for every
-- client (protocol/RELIABILITY.md): a bad message is logged and skipped, never fatal; a
-- timeout is a deadline whatever the server does; the process ending fails every pending
-- request; a message over the bound is skipped with a clear error; the stderr tail is bounded.
local H = require('support.harness')
local E = require('support.env')
local rpc = require('feedvm.rpc')
local jsonrpc = require('feedvm.jsonrpc')

local function misbehaving(mode, argument, opts)
  local argv = { 'python3', E.root .. '/clients/python/tests/misbehaving_feedvm.py', mode }
  if argument then
    argv[#argv + 1] = tostring(argument)
  end
  local connection = H.ok(rpc.Connection.start(argv, opts), 'the double started')
  H.defer(function() connection:stop(100) end)
  return connection
end

--- Sends `method` and waits for its callback; returns err, result.
local function call(connection, method, opts, timeout_ms)
  local done, err, result
  connection:request(method, {}, function(e, r) done, err, result = true, e, r end, opts)
  H.wait_for(method .. "'s callback", function() return done end, timeout_ms)
  return err, result
end

for _, mode in ipairs({ 'deep', 'junk' }) do
  H.test(('a bad message (%s) is logged and skipped, and the next one read'):format(mode), function()
    local connection = misbehaving(mode)
    local err, result = call(connection, 'ping')
    H.eq(nil, err)
    H.eq({ pong = 2 }, result, 'initialize was 1; the reader lives on after the bad messages')
    H.ok(connection.stderr:text():find('feedvm client: ', 1, true), connection.stderr:text())
  end)
end

H.test('a message over the bound is skipped with a clear error', function()
  local connection = misbehaving('long-line', 3 * 1024 * 1024, { max_message_bytes = 1024 * 1024 })
  local _, result = call(connection, 'ping')
  H.eq({ pong = 2 }, result)
  H.ok(connection.stderr:text():find('over the bound of 1048576 bytes', 1, true), connection.stderr:text())
end)

H.test("the bound follows the server's limits", function()
  H.eq(64 * 1024 * 1024, jsonrpc.message_bound({}))
  H.ok(jsonrpc.message_bound({ '--max-image-bytes', tostring(100 * 1024 * 1024) }) > 100 * 1024 * 1024 * 4 / 3)
  H.eq(200 * 1024 * 1024, jsonrpc.message_bound({ '--max-message-bytes', tostring(200 * 1024 * 1024) }))
end)

H.test('a request with a timeout ends on time while the server floods and never reads', function()
  local connection = misbehaving('flood')
  local started = vim.loop.hrtime()
  local err = call(connection, 'ping', { timeout_ms = 3000 }, 3000 + 5000)
  H.eq(rpc.TIMED_OUT, err.code)
  H.ok((vim.loop.hrtime() - started) / 1e6 < 3000 + 5000, 'the deadline held')
  H.ok(connection.stdin:get_write_queue_size() < 4 * 1024 * 1024, 'refusals are dropped, not queued without end')
end)

H.test('a killed server fails a request without timeout', function()
  local connection = misbehaving('silent')
  local done, err
  connection:request('ping', {}, function(e) done, err = true, e end)
  connection.handle:kill('sigkill')
  H.wait_for('the callback', function() return done end)
  H.eq(rpc.EXITED, err.code)
end)

H.test('a server that exits fails pending requests even while a child holds its stdout', function()
  local connection = misbehaving('orphan')
  H.defer(function()
    for pid in connection.stderr:text():gmatch('orphan pid (%d+)') do
      pcall(vim.loop.kill, tonumber(pid), 'sigkill')
    end
  end)
  local err = call(connection, 'ping')
  H.eq(rpc.EXITED, err.code)
  H.eq(7, connection.exit_code)
end)

H.test('a huge stderr line is kept cut to the line bound', function()
  local connection = misbehaving('long-stderr', 20 * 1024 * 1024)
  local _, result = call(connection, 'ping')
  H.eq({ pong = 2 }, result)
  H.wait_for('the stderr line', function() return #connection.stderr.lines > 0 end)
  local line = connection.stderr.lines[1]
  H.ok(#line <= jsonrpc.MAX_STDERR_LINE + 100 and line:find('bytes cut', 1, true), line:sub(-80))
end)

H.test('the splitter never holds more than the bound plus one chunk', function()
  local problems = {}
  local splitter = jsonrpc.splitter(1000, function(problem) problems[#problems + 1] = problem end)
  for _ = 1, 100 do
    H.eq({}, splitter:push(('x'):rep(999)))
    H.ok(splitter.size <= 1000 + 999, 'bounded')
  end
  H.eq({ '{"a":1}' }, splitter:push('x\n{"a":1}\n'))
  H.eq(1, #problems)
end)

H.test('nesting is measured outside strings', function()
  H.ok(jsonrpc.nests_deeper_than(('['):rep(513) .. (']'):rep(513), 512), '513 deep')
  H.ok(not jsonrpc.nests_deeper_than(('['):rep(512) .. (']'):rep(512), 512), '512 deep')
  H.ok(not jsonrpc.nests_deeper_than('["' .. ('['):rep(1000) .. '\\"[["]', 1), 'brackets in strings')
end)
