--- The connection to the feedvm process: one per Neovim, spawned with libuv and spoken to in
--- newline-framed JSON-RPC 2.0 (`feedvm.jsonrpc`). Sessions register here to get the
--- notifications addressed to them. Whatever the server does, Neovim stays responsive and every
--- callback runs once: a message that cannot be read is logged and skipped, writes never wait
--- (libuv queues them), a request with `timeout_ms` ends by then, and the process ending fails
--- every pending request. The process ends with Neovim.
local binary = require('feedvm.binary')
local jsonrpc = require('feedvm.jsonrpc')

local uv = vim.uv or vim.loop

local M = {}

--- JSON-RPC "request cancelled".
M.CANCELLED = -32800
--- Reported to the callbacks of requests the process never answered because it ended.
M.EXITED = -32099
--- Reported to the callback of a request whose `timeout_ms` passed (it is cancelled on the wire).
M.TIMED_OUT = -32098

--- The flags the plugin passes by default: errors only on stderr (its tail is kept).
M.default_args = { '--log-level', 'error' }
--- Bytes waiting to be written above which refusals of the server's requests are dropped.
M.MAX_QUEUED_REPLY_BYTES = 1024 * 1024
--- How long, after the process exited, its last output may take to arrive.
M.EXIT_GRACE_MS = 1000

local version = '0.1.0'

--- Neovim 0.7-0.9 decode JSON null in objects to nil, 0.10+ to vim.NIL: make it nil always.
local function strip_nulls(value)
  if value == vim.NIL then
    return nil
  end
  if type(value) == 'table' then
    for key, member in pairs(value) do
      value[key] = strip_nulls(member)
    end
  end
  return value
end

--- The server's own flags without any `--framing`: the plugin speaks newline-framed messages.
local function with_newline_framing(argv)
  local result, skip = {}, false
  for index, arg in ipairs(argv) do
    if skip then
      skip = false
    elseif index > 1 and arg == '--framing' then
      skip = true
    elseif index == 1 or not arg:match('^%-%-framing=') then
      result[#result + 1] = arg
    end
  end
  vim.list_extend(result, { '--framing', 'newline' })
  return result
end

---@class feedvm.Connection
---@field argv string[] the command line it runs
---@field sessions table<string, table> session id -> object with :on_notification(method, params)
---@field pending table<integer, function> request id -> its (err, result) callback
---@field ready boolean `initialize` answered
---@field waiting function[] work queued until `initialize` is answered
---@field server table|nil the `initialize` result
---@field exited boolean the process has ended
---@field exit_code integer|nil
---@field stopping boolean ended by `stop()`, not by a crash
---@field stderr feedvm.StderrTail the last lines the server wrote to stderr
local Connection = {}
Connection.__index = Connection

--- Starts the process and sends `initialize` (incremental sections).
---@param argv string[]
---@param opts? {max_message_bytes?: integer}
---@return feedvm.Connection|nil
---@return string|nil error
function Connection.start(argv, opts)
  opts = opts or {}
  argv = with_newline_framing(argv)
  local self = setmetatable({
    argv = argv, sessions = {}, pending = {}, ready = false, waiting = {},
    exited = false, stopping = false, next_id = 0, dropped_replies = 0,
    stderr = jsonrpc.stderr_tail(200),
  }, Connection)
  local max_bytes = opts.max_message_bytes or jsonrpc.message_bound(argv)
  self.splitter = jsonrpc.splitter(max_bytes, function(problem) self:note(problem) end)
  self.stdin, self.stdout, self.stderr_pipe = uv.new_pipe(false), uv.new_pipe(false), uv.new_pipe(false)
  local handle, pid = uv.spawn(argv[1], {
    args = vim.list_slice(argv, 2),
    stdio = { self.stdin, self.stdout, self.stderr_pipe },
  }, function(code, signal)
    vim.schedule(function() self:on_exit(code, signal) end)
  end)
  if not handle then
    for _, pipe in ipairs({ self.stdin, self.stdout, self.stderr_pipe }) do
      pipe:close()
    end
    return nil, ('could not start %s: %s'):format(argv[1], tostring(pid))
  end
  self.handle, self.pid = handle, pid
  self.stdout:read_start(function(err, chunk)
    if chunk then
      local lines = self.splitter:push(chunk)
      if #lines > 0 then
        vim.schedule(function() self:receive(lines) end)
      end
    else
      vim.schedule(function() self:on_output_end(err) end)
    end
  end)
  self.stderr_pipe:read_start(function(_, chunk)
    if chunk then
      self.stderr:push(chunk)
    else
      self.stderr:flush()
    end
  end)
  self:request('initialize', {
    clientInfo = { name = 'feedvm.nvim', version = version },
    capabilities = { sections = { incremental = true } },
  }, function(init_err, result)
    if init_err and init_err.code ~= M.EXITED then
      vim.notify('FeedVM: initialize failed: ' .. tostring(init_err.message), vim.log.levels.WARN)
    end
    self.server = result
    self.ready = true
    local waiting = self.waiting
    self.waiting = {}
    for _, fn in ipairs(waiting) do
      fn()
    end
  end)
  return self
end

--- What the process's image caches hold and may hold; `callback(err, {memory, disk, maxAge})`.
function Connection:cache_info(callback)
  self:request('cacheInfo', nil, callback)
end

--- Empties the memory and/or disk image cache (`options.memory`, `options.disk`, both true by
--- default); `callback(err, cacheInfo)`.
---@param options table|nil {memory?: boolean, disk?: boolean}
function Connection:clear_cache(options, callback)
  options = options or {}
  self:request('clearCache', { memory = options.memory ~= false, disk = options.disk ~= false }, callback)
end

--- A note of the plugin's own about the server, kept with its stderr.
function Connection:note(problem)
  self.stderr:keep('feedvm client: ' .. problem)
end

--- Writes `message` unless the process is gone; never waits.
---@return boolean written
function Connection:write(message)
  if self.exited or self.stdin:is_closing() then
    return false
  end
  self.stdin:write(jsonrpc.encode(message))
  return true
end

--- Runs `fn` once `initialize` is answered, so every session gets the negotiated capabilities.
---@param fn function
function Connection:when_ready(fn)
  if self.ready then
    fn()
  else
    table.insert(self.waiting, fn)
  end
end

--- Sends a request; `callback(err, result)` runs once, on the main loop: with the answer, with
--- err.code == M.CANCELLED for a cancelled request, M.EXITED when the process ends first, and
--- M.TIMED_OUT when `opts.timeout_ms` passes first (the request is then cancelled on the wire).
---@param method string
---@param params table|nil
---@param callback fun(err: table|nil, result: any)|nil
---@param opts? {timeout_ms?: integer}
---@return integer|nil id
function Connection:request(method, params, callback, opts)
  callback = callback or function() end
  if self.exited then
    vim.schedule(function()
      callback({ code = M.EXITED, message = 'feedvm has exited' })
    end)
    return nil
  end
  self.next_id = self.next_id + 1
  local id = self.next_id
  local timer, answered
  local function finish(err, result)
    if answered then
      return
    end
    answered = true
    self.pending[id] = nil
    if timer then
      timer:stop()
      timer:close()
    end
    callback(strip_nulls(err), strip_nulls(result))
  end
  self.pending[id] = finish
  self:write({ jsonrpc = '2.0', id = id, method = method, params = params or vim.empty_dict() })
  if opts and opts.timeout_ms then
    timer = uv.new_timer()
    timer:start(opts.timeout_ms, 0, vim.schedule_wrap(function()
      if not answered then
        self:notify('$/cancelRequest', { id = id })
        finish({ code = M.TIMED_OUT, message = ('%s timed out after %d ms'):format(method, opts.timeout_ms) })
      end
    end))
  end
  return id
end

--- Sends a notification (no answer).
---@param method string
---@param params table|nil
function Connection:notify(method, params)
  local message = { jsonrpc = '2.0', method = method }
  if params ~= nil then
    message.params = params
  end
  self:write(message)
end

--- Handles the lines the reader completed, in order; a line that cannot be read is noted
--- in the stderr tail and skipped.
---@param lines string[] (a line over the bound was dropped and noted by the splitter)
function Connection:receive(lines)
  for _, line in ipairs(lines) do
    local messages, err = jsonrpc.decode(line)
    if not messages then
      self:note('unreadable message from server skipped: ' .. err)
    else
      for _, message in ipairs(messages) do
        local ok, problem = pcall(self.handle_message, self, message)
        if not ok then
          self:note('message from server skipped: ' .. tostring(problem))
        end
      end
    end
  end
end

function Connection:handle_message(message)
  if message.kind == 'notification' then
    self:dispatch(message.method, strip_nulls(message.params))
  elseif message.kind == 'response' then
    local finish = type(message.id) == 'number' and self.pending[message.id]
    if finish then
      local err = message.error
      if err ~= nil and type(err) ~= 'table' then
        err = { code = -32603, message = tostring(err) }
      end
      finish(err, err == nil and message.result or nil)
    end
  else
    self:refuse(message.id, message.method)
  end
end

--- Answers a request the server sent with -32601 (the plugin serves no methods); dropped
--- while the server is not reading what was written.
function Connection:refuse(id, method)
  if self.stdin:get_write_queue_size() > M.MAX_QUEUED_REPLY_BYTES then
    self.dropped_replies = self.dropped_replies + 1
    if self.dropped_replies == 1 then
      self:note('the server is not reading; replies to its requests are dropped')
    end
    return
  end
  self:write({ jsonrpc = '2.0', id = id, error = { code = -32601, message = 'client has no method ' .. method } })
end

--- Hands a notification to the session it names; others are ignored (§12).
function Connection:dispatch(method, params)
  local session = type(params) == 'table' and self.sessions[params.session]
  if session then
    session:on_notification(method, params)
  end
end

--- stdout ended: what is pending fails once the process is gone too.
function Connection:on_output_end()
  self.output_ended = true
  if self.exit_status then
    self:fail_pending(self.exit_status.code, self.exit_status.signal)
  end
end

--- The process ended. Its last output may still be on its way: wait for stdout to end, at most
--- EXIT_GRACE_MS (a child of the server may hold stdout open), then fail what is pending.
function Connection:on_exit(code, signal)
  self.exit_status = { code = code, signal = signal }
  self.exit_code = code
  if self.output_ended then
    self:fail_pending(code, signal)
  else
    vim.defer_fn(function() self:fail_pending(code, signal) end, M.EXIT_GRACE_MS)
  end
end

--- The last stderr lines, for reports.
---@param count integer
---@return string
function Connection:stderr_lines(count)
  local lines = self.stderr.lines
  return table.concat(vim.list_slice(lines, math.max(1, #lines - count + 1)), '\n')
end

--- The process ended: every unanswered request and every session hears about it (once).
function Connection:fail_pending(code, signal)
  if self.exited then
    return
  end
  self.exited = true
  for _, pipe in ipairs({ self.stdin, self.stdout, self.stderr_pipe }) do
    if not pipe:is_closing() then
      pipe:close()
    end
  end
  if not self.handle:is_closing() then
    self.handle:close()
  end
  local pending = self.pending
  self.pending = {}
  local reason = ('feedvm exited (code %s%s)'):format(tostring(code),
    signal and signal ~= 0 and (', signal ' .. signal) or '')
  local ids = vim.tbl_keys(pending)
  table.sort(ids)
  for _, id in ipairs(ids) do
    pending[id]({ code = M.EXITED, message = reason })
  end
  for _, session in pairs(self.sessions) do
    session:on_connection_lost(reason, self.stopping)
  end
  self.sessions = {}
  if not self.stopping then
    local tail = self:stderr_lines(3)
    vim.notify(('FeedVM: %s%s'):format(reason, tail ~= '' and (': ' .. tail) or ''), vim.log.levels.WARN)
  end
end

--- Ends the process and waits for it: `exit`, then SIGTERM if it is still there after
--- `grace_ms`, then SIGKILL. Called when Neovim quits, so no feedvm outlives it.
---@param grace_ms integer|nil default 1000
function Connection:stop(grace_ms)
  if self.exited then
    return
  end
  self.stopping = true
  self:notify('exit')
  local function gone() return self.exit_status ~= nil end
  for _, signal in ipairs({ 'sigterm', 'sigkill' }) do
    if vim.wait(grace_ms or 1000, gone, 10) then
      break
    end
    if not self.handle:is_closing() then
      self.handle:kill(signal)
    end
  end
  vim.wait(3000, gone, 10)
  self:fail_pending(self.exit_status and self.exit_status.code, self.exit_status and self.exit_status.signal)
end

M.Connection = Connection

local shared

--- The live connection, started on first use.
---@return feedvm.Connection|nil
---@return string|nil error
function M.get()
  if shared and not shared.exited then
    return shared
  end
  local argv, err = binary.resolve()
  if not argv then
    return nil, err
  end
  vim.list_extend(argv, vim.g.feedvm_args or M.default_args)
  local connection, start_err = Connection.start(argv)
  if not connection then
    return nil, start_err
  end
  shared = connection
  local group = vim.api.nvim_create_augroup('feedvm.rpc', { clear = true })
  vim.api.nvim_create_autocmd('VimLeavePre', {
    group = group,
    callback = function() M.stop() end,
    desc = 'stop the feedvm process',
  })
  return connection
end

--- The live connection if there is one (nil otherwise); never starts a process.
---@return feedvm.Connection|nil
function M.current()
  if shared and not shared.exited then
    return shared
  end
end

--- Stops the live connection's process, if any.
function M.stop()
  if shared then
    shared:stop()
    shared = nil
  end
end

return M
