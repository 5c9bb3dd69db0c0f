--- A small test harness for headless Neovim. Each test runs in a coroutine; waiting
--- (`sleep`, `wait_for`) yields back to Neovim's main loop, so typed keys, autocommands
--- (CursorMoved) and RPC callbacks run exactly as they do for a user.
local H = {}

--- Default time a condition may take; generous, since a loaded 2-core machine is slow.
H.TIMEOUT_MS = 20000

local tests = {}
local cleanups = {}

--- Registers a test.
function H.test(name, fn)
  tests[#tests + 1] = { name = (H.file and (H.file .. ': ') or '') .. name, fn = fn }
end

--- Runs `fn` after the current test, pass or fail (last registered first).
function H.defer(fn)
  table.insert(cleanups, 1, fn)
end

--- Yields to the main loop for `ms` milliseconds.
function H.sleep(ms)
  coroutine.yield(ms or 0)
end

--- Yields until `condition()` returns a truthy value, which is returned; fails after
--- `timeout_ms` naming `what`.
function H.wait_for(what, condition, timeout_ms)
  local deadline = vim.loop.hrtime() + (timeout_ms or H.TIMEOUT_MS) * 1e6
  while true do
    local value = condition()
    if value then
      return value
    end
    if vim.loop.hrtime() > deadline then
      error(('timed out after %d ms waiting for %s'):format(timeout_ms or H.TIMEOUT_MS, what), 2)
    end
    coroutine.yield(10)
  end
end

function H.eq(expected, actual, what)
  if not vim.deep_equal(expected, actual) then
    error(('%s: expected %s, got %s'):format(what or 'value', vim.inspect(expected), vim.inspect(actual)), 2)
  end
end

function H.ok(value, what)
  if not value then
    error((what or 'condition') .. ' does not hold', 2)
  end
  return value
end

--- Types `keys` (with <CR>-style notation) as a user would; they run once the test yields.
function H.feed(keys)
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(keys, true, false, true), 'mt', false)
end

local function run_cleanups()
  local list = cleanups
  cleanups = {}
  local failures = {}
  for _, fn in ipairs(list) do
    local ok, err = pcall(fn)
    if not ok then
      failures[#failures + 1] = tostring(err)
    end
  end
  return failures
end

local function write(text)
  io.stdout:write(text, '\n')
  io.stdout:flush()
end

--- Runs the tests whose name contains `filter` (all when nil), one after another, then
--- `done(passed, failed)`. An error message Neovim reports during a test (v:errmsg, e.g. an
--- error in a callback) fails it too.
function H.run(filter, done)
  local selected = vim.tbl_filter(function(t)
    return not filter or filter == '' or t.name:find(filter, 1, true) ~= nil
  end, tests)
  local index, passed, failed = 0, 0, 0
  local next_test
  local function finish(t, started, err)
    local failures = run_cleanups()
    if not err and vim.v.errmsg ~= '' then
      err = 'Neovim reported an error: ' .. vim.v.errmsg
    end
    if not err and #failures > 0 then
      err = 'cleanup failed: ' .. table.concat(failures, '; ')
    end
    local ms = (vim.loop.hrtime() - started) / 1e6
    if err then
      failed = failed + 1
      write(('not ok %d - %s (%.0f ms)\n    %s'):format(index, t.name, ms, err:gsub('\n', '\n    ')))
    else
      passed = passed + 1
      write(('ok %d - %s (%.0f ms)'):format(index, t.name, ms))
    end
    vim.schedule(next_test)
  end
  next_test = function()
    index = index + 1
    local t = selected[index]
    if not t then
      done(passed, failed)
      return
    end
    vim.v.errmsg = ''
    local co = coroutine.create(t.fn)
    local started = vim.loop.hrtime()
    local function step()
      local ok, result = coroutine.resume(co)
      if not ok then
        finish(t, started, debug.traceback(co, tostring(result)))
      elseif coroutine.status(co) == 'dead' then
        finish(t, started, nil)
      else
        vim.defer_fn(step, result or 0)
      end
    end
    vim.schedule(step)
  end
  write(('1..%d'):format(#selected))
  next_test()
end

return H
