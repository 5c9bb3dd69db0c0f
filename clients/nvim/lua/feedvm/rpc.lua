--- The connection to the feedvm process: one per Neovim, spoken to through Neovim's own
--- LSP JSON-RPC client (`vim.lsp.rpc`, Content-Length framing). Sessions register here to
--- get the notifications addressed to them. The transport is `vim.lsp.rpc`; this file only
--- smooths its differences between Neovim versions and adds what FeedVM needs on top:
--- cancelled requests still reach their callback, and the process ends with Neovim.
local binary = require('feedvm.binary')

local M = {}

--- JSON-RPC "request cancelled"; `vim.lsp.rpc` swallows such responses.
M.CANCELLED = -32800
--- Reported to the callbacks of requests the process never answered because it ended.
M.EXITED = -32099

--- The flags the plugin passes: the framing `vim.lsp.rpc` speaks, and errors only on stderr
--- (`vim.lsp.rpc` copies the server's stderr into the LSP log).
M.default_args = { '--framing', 'content-length', '--log-level', 'error' }

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

--- `vim.lsp.rpc.start` takes (cmd, args, dispatchers) up to 0.9 and (argv, dispatchers) since 0.10.
local function spawn(argv, dispatchers)
  local rpc = vim.lsp.rpc
  local ok, client
  if vim.fn.has('nvim-0.10') == 1 then
    ok, client = pcall(rpc.start, argv, dispatchers)
  else
    ok, client = pcall(rpc.start, argv[1], vim.list_slice(argv, 2), dispatchers)
  end
  if not ok or not client then
    return nil, ('could not start %s: %s'):format(argv[1], tostring(client or 'spawn failed'))
  end
  return client
end

--- SIGTERM: `terminate()` since 0.8, the libuv process handle in 0.7.
local function terminate(client)
  if client.terminate then
    client.terminate()
  elseif client.handle and not client.handle:is_closing() then
    client.handle:kill(15)
  end
end

---@class feedvm.Connection
---@field client table the vim.lsp.rpc client
---@field argv string[] the command line it runs
---@field sessions table<string, table> session id -> object with :on_notification(method, params)
---@field pending table<integer, function> request id -> its (err, result) callback
---@field ready boolean `initialize` answered
---@field waiting function[] work queued until `initialize` is answered
---@field server table|nil the `initialize` result
---@field exited boolean the process has ended
---@field exit_code integer|nil
---@field stopping boolean ended by `stop()`, not by a crash
local Connection = {}
Connection.__index = Connection

--- Starts the process and sends `initialize` (incremental sections).
---@param argv string[]
---@return feedvm.Connection|nil
---@return string|nil error
function Connection.start(argv)
  local self = setmetatable({
    argv = argv, sessions = {}, pending = {}, ready = false, waiting = {},
    exited = false, stopping = false,
  }, Connection)
  local client, err = spawn(argv, {
    notification = function(method, params)
      self:dispatch(method, strip_nulls(params))
    end,
    on_exit = function(code, signal)
      self.exited = true
      self.exit_code = code
      vim.schedule(function()
        self:fail_pending(code, signal)
      end)
    end,
  })
  if not client then
    return nil, err
  end
  self.client = client
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

--- Runs `fn` once `initialize` is answered, so every session gets the negotiated capabilities.
---@param fn function
function Connection:when_ready(fn)
  if self.ready then
    fn()
  else
    table.insert(self.waiting, fn)
  end
end

--- Sends a request; `callback(err, result)` runs once, on the main loop, also for a
--- cancelled request (err.code == M.CANCELLED) and when the process ends first (M.EXITED).
---@param method string
---@param params table|nil
---@param callback fun(err: table|nil, result: any)|nil
function Connection:request(method, params, callback)
  callback = callback or function() end
  if self.exited then
    vim.schedule(function()
      callback({ code = M.EXITED, message = 'feedvm has exited' })
    end)
    return
  end
  local id
  local answered = false
  local function finish(err, result)
    if answered then
      return
    end
    answered = true
    if id then
      self.pending[id] = nil
    end
    callback(strip_nulls(err), strip_nulls(result))
  end
  local function on_reply()
    -- Runs before the response's own callback is scheduled; a cancellation has none.
    vim.schedule(function()
      finish({ code = M.CANCELLED, message = 'request cancelled' })
    end)
  end
  local sent
  sent, id = self.client.request(method, params or vim.empty_dict(), finish, on_reply)
  if not sent then
    id = nil
    vim.schedule(function()
      finish({ code = M.EXITED, message = 'feedvm has exited' })
    end)
    return
  end
  self.pending[id] = finish
end

--- Sends a notification (no answer).
---@param method string
---@param params table|nil
function Connection:notify(method, params)
  if not self.exited then
    self.client.notify(method, params)
  end
end

--- Hands a notification to the session it names; others are ignored (§12).
function Connection:dispatch(method, params)
  local session = type(params) == 'table' and self.sessions[params.session]
  if session then
    session:on_notification(method, params)
  end
end

--- The process ended: every unanswered request and every session hears about it.
function Connection:fail_pending(code, signal)
  local pending = self.pending
  self.pending = {}
  local reason = ('feedvm exited (code %s%s)'):format(tostring(code),
    signal and signal ~= 0 and (', signal ' .. signal) or '')
  for _, finish in pairs(pending) do
    finish({ code = M.EXITED, message = reason })
  end
  for _, session in pairs(self.sessions) do
    session:on_connection_lost(reason, self.stopping)
  end
  self.sessions = {}
  if not self.stopping then
    -- vim.lsp.rpc copies the server's stderr into the LSP log.
    vim.notify(('FeedVM: %s; its stderr is in %s'):format(reason, vim.lsp.get_log_path()), vim.log.levels.WARN)
  end
end

--- Ends the process and waits for it: `exit`, then SIGTERM if it is still there after
--- `grace_ms`. Called when Neovim quits, so no feedvm outlives it.
---@param grace_ms integer|nil default 1000
function Connection:stop(grace_ms)
  if self.exited then
    return
  end
  self.stopping = true
  self.client.notify('exit')
  local function gone() return self.exited end
  if not vim.wait(grace_ms or 1000, gone, 10) then
    terminate(self.client)
    vim.wait(3000, gone, 10)
  end
end

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
