--- JSON-RPC 2.0 over lines, without any I/O: encoding requests, cutting received bytes into
--- lines, decoding them, and a bounded tail of the server's stderr. Nothing the server sends
--- raises here: a line that cannot be read comes back as an error string to log, and the next
--- line is read (protocol/RELIABILITY.md, the clients' lines).
local M = {}

--- The longest message read unless told otherwise: the server's bound on its pending output
--- (protocol/README.md §11), which also holds an image at the default image cap inline.
M.DEFAULT_MAX_MESSAGE_BYTES = 64 * 1024 * 1024
--- How deep a message may nest (the server's own limit); a deeper one is skipped unread.
M.MAX_DEPTH = 512
--- The longest stderr line kept whole; the rest of a longer one is counted, not kept.
M.MAX_STDERR_LINE = 8192

--- The longest message a server started with `args` may send: at least the default, more when
--- `--max-image-bytes` lets an inline image (base64: 4/3 of its bytes) or
--- `--max-message-bytes` lets a message grow beyond it.
---@param args string[]
---@return integer
function M.message_bound(args)
  local bound = M.DEFAULT_MAX_MESSAGE_BYTES
  for i = 1, #args - 1 do
    local value = tonumber(args[i + 1]:match('^%d+$'))
    if value and args[i] == '--max-image-bytes' then
      bound = math.max(bound, math.floor(value * 4 / 3) + 1024 * 1024)
    elseif value and args[i] == '--max-message-bytes' then
      bound = math.max(bound, value)
    end
  end
  return bound
end

--- One message as a line.
---@param message table
---@return string
function M.encode(message)
  return vim.json.encode(message) .. '\n'
end

--- Hands `chunk` to `stream` cut at each "\n": the bytes before it to `stream:add`, then a
--- call of `line_end`; the bytes after the last "\n" to `stream:add` (the line goes on).
---@param stream {add: fun(self: table, part: string)}
---@param chunk string
---@param line_end fun()
local function feed(stream, chunk, line_end)
  local start = 1
  while true do
    local newline = chunk:find('\n', start, true)
    if not newline then
      break
    end
    stream:add(chunk:sub(start, newline - 1))
    line_end()
    start = newline + 1
  end
  if start <= #chunk then
    stream:add(chunk:sub(start))
  end
end

--- Cuts a byte stream into lines on "\n". A line longer than `max_bytes` is dropped as it
--- arrives (never held whole) and reported once through `on_error`.
---@class feedvm.LineSplitter
local LineSplitter = {}
LineSplitter.__index = LineSplitter

---@param max_bytes integer
---@param on_error fun(problem: string)
---@return feedvm.LineSplitter
function M.splitter(max_bytes, on_error)
  return setmetatable({ parts = {}, size = 0, skipping = nil, max_bytes = max_bytes, on_error = on_error },
    LineSplitter)
end

function LineSplitter:add(part)
  if self.skipping then
    self.skipping = self.skipping + #part
    return
  end
  self.parts[#self.parts + 1] = part
  self.size = self.size + #part
  if self.size > self.max_bytes then
    self.skipping, self.parts, self.size = self.size, {}, 0
  end
end

function LineSplitter:take()
  local parts = self.parts
  self.parts, self.size = {}, 0
  if self.skipping then
    self.on_error(('a message of %d bytes or more skipped: over the bound of %d bytes'):format(
      self.skipping, self.max_bytes))
    self.skipping = nil
    return nil
  end
  return table.concat(parts)
end

--- The complete lines `chunk` finishes, without their "\n".
---@param chunk string
---@return string[]
function LineSplitter:push(chunk)
  local lines = {}
  feed(self, chunk, function()
    lines[#lines + 1] = self:take()
  end)
  return lines
end

--- Whether `text`'s arrays and objects nest deeper than `limit` (brackets inside strings do
--- not count; a string is skipped with one search for its closing quote).
---@param text string
---@param limit integer
---@return boolean
function M.nests_deeper_than(text, limit)
  local depth, i = 0, 1
  while true do
    local at, _, c = text:find('(["%[%]{}])', i)
    if not at then
      return false
    end
    if c == '"' then
      local close = at
      repeat
        close = text:find('"', close + 1, true)
        if not close then
          return false
        end
        local before = close - 1
        while text:byte(before) == 92 do
          before = before - 1
        end
      until (close - 1 - before) % 2 == 0
      i = close + 1
    else
      depth = depth + ((c == '[' or c == '{') and 1 or -1)
      if depth > limit then
        return true
      end
      i = at + 1
    end
  end
end

local function classify(value)
  if type(value) ~= 'table' or value.jsonrpc ~= '2.0' then
    return nil, 'not a JSON-RPC 2.0 message'
  end
  if type(value.method) == 'string' then
    if value.id ~= nil then
      return { kind = 'request', id = value.id, method = value.method }
    end
    return { kind = 'notification', method = value.method,
      params = type(value.params) == 'table' and value.params or {} }
  end
  if value.id ~= nil and (value.result ~= nil or value.error ~= nil) then
    return { kind = 'response', id = value.id, result = value.result, error = value.error }
  end
  return nil, 'neither response nor notification'
end

--- The messages of one line (a message or a batch); nil and why when it cannot be read.
---@param line string
---@return table[]|nil messages each {kind = 'response'|'notification'|'request', ...}
---@return string|nil error
function M.decode(line)
  line = line:gsub('\r$', '')
  if not line:find('%S') then
    return {}
  end
  if M.nests_deeper_than(line, M.MAX_DEPTH) then
    return nil, ('nested more than %d deep'):format(M.MAX_DEPTH)
  end
  local ok, value = pcall(vim.json.decode, line, { luanil = { object = true, array = true } })
  if not ok then
    return nil, 'not JSON: ' .. tostring(value):sub(1, 200)
  end
  local items = (type(value) == 'table' and value.jsonrpc == nil and vim.tbl_islist(value)) and value or { value }
  local messages = {}
  for _, item in ipairs(items) do
    local message, err = classify(item)
    if not message then
      return nil, err .. ': ' .. line:sub(1, 200)
    end
    messages[#messages + 1] = message
  end
  return messages
end

--- The last lines of a stream (the server's stderr), each cut to `MAX_STDERR_LINE` bytes:
--- memory stays bounded and each byte is handled once, whatever the lines' length.
---@class feedvm.StderrTail
local StderrTail = {}
StderrTail.__index = StderrTail

---@param max_lines integer
---@return feedvm.StderrTail
function M.stderr_tail(max_lines)
  return setmetatable({ lines = {}, parts = {}, size = 0, cut = 0, max_lines = max_lines }, StderrTail)
end

function StderrTail:add(part)
  local room = M.MAX_STDERR_LINE - self.size
  if room > 0 then
    local kept = part:sub(1, room)
    self.parts[#self.parts + 1] = kept
    self.size = self.size + #kept
  end
  self.cut = self.cut + math.max(0, #part - math.max(0, room))
end

function StderrTail:end_line()
  local line = table.concat(self.parts)
  if self.cut > 0 then
    line = ('%s ... [%d bytes cut]'):format(line, self.cut)
  end
  self.parts, self.size, self.cut = {}, 0, 0
  self:keep(line)
end

--- Takes a chunk of the stream.
---@param chunk string
function StderrTail:push(chunk)
  feed(self, chunk, function()
    self:end_line()
  end)
end

--- Keeps what is left after the last line end.
function StderrTail:flush()
  if self.size > 0 or self.cut > 0 then
    self:end_line()
  end
end

--- Keeps one line (also the client's own notes about the server).
---@param line string
function StderrTail:keep(line)
  table.insert(self.lines, line)
  if #self.lines > self.max_lines then
    table.remove(self.lines, 1)
  end
end

--- The kept lines, joined by newlines.
---@return string
function StderrTail:text()
  return table.concat(self.lines, '\n')
end

return M
