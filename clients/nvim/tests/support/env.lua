--- The tests' surroundings: which feedvm, a private image cache, and helpers to open a feed
--- and read what its buffer shows.
local H = require('support.harness')
local rpc = require('feedvm.rpc')

local E = {}

--- Chooses the server (FEEDVM_BIN, else the plugin's discovery) and a fresh cache directory.
function E.setup(plugin_dir)
  E.plugin_dir = plugin_dir
  E.root = vim.fn.fnamemodify(plugin_dir, ':h:h')
  E.tmp = vim.fn.tempname()
  vim.fn.mkdir(E.tmp, 'p')
  local bin = os.getenv('FEEDVM_BIN')
  if bin and bin ~= '' then
    vim.g.feedvm_binary = vim.fn.fnamemodify(bin, ':p')
  end
  -- No feed store: each test's feed starts empty, whatever an earlier test loaded
  -- (store_spec.lua passes its own).
  E.args = vim.list_extend(vim.deepcopy(rpc.default_args), { '--cache-dir', E.tmp .. '/cache', '--store', 'none' })
  vim.g.feedvm_args = E.args
  -- HUD messages would interleave with the test report; tests that read them capture them.
  vim.notify = function() end
  E.artifacts = os.getenv('FEEDVM_NVIM_ARTIFACTS') or (E.root .. '/.build/artifacts/nvim')
end

function E.teardown()
  vim.fn.delete(E.tmp, 'rf')
end

--- The first lines of an init script for another Neovim: this plugin, this feedvm, these
--- flags; `lines` follow.
function E.child_init(lines)
  return vim.list_extend({
    'vim.opt.runtimepath:prepend(' .. vim.inspect(E.plugin_dir) .. ')',
    "vim.cmd('runtime! plugin/feedvm.lua')",
    'vim.g.feedvm_binary = ' .. vim.inspect(vim.g.feedvm_binary),
    'vim.g.feedvm_args = ' .. vim.inspect(E.args):gsub('\n', ' '),
  }, lines)
end

--- Opens a feed in the current window; the buffer is wiped after the test.
---@return integer buf
---@return feedvm.View view
function E.open(input)
  local buf = H.ok(require('feedvm').open({ input = input }), 'the feed opened')
  H.defer(function()
    if vim.api.nvim_buf_is_valid(buf) then
      vim.api.nvim_buf_delete(buf, { force = true })
    end
  end)
  return buf, require('feedvm').view(buf)
end

--- Opens a feed and waits for its first page.
function E.open_loaded(input)
  local buf, view = E.open(input)
  E.wait_settled(buf, 'the first page')
  return buf, view
end

function E.lines(buf)
  return vim.api.nvim_buf_get_lines(buf, 0, -1, false)
end

--- The footer line's text, trimmed.
function E.footer(buf)
  local lines = E.lines(buf)
  return vim.trim(lines[#lines])
end

--- Waits until no load is running and the footer's status has arrived.
function E.wait_settled(buf, what)
  local view = require('feedvm').view(buf)
  H.wait_for(what or 'the feed to settle', function()
    local s = view.session
    return vim.b[buf].feedvm_status == 'footerStatus' and not s.refreshing
      and s.footer ~= 'loading' and not view.displaying
  end)
end

--- Captures vim.notify for the rest of the test: a list of {message, level}.
function E.capture_notify()
  local messages = {}
  local original = vim.notify
  vim.notify = function(message, level)
    messages[#messages + 1] = { message = message, level = level }
  end
  H.defer(function() vim.notify = original end)
  return messages
end

--- The first captured message containing `text`.
function E.find_message(messages, text)
  for _, m in ipairs(messages) do
    if m.message:find(text, 1, true) then
      return m
    end
  end
end

--- Moves the cursor to the last line, as `G` does (CursorMoved follows from the main loop).
function E.cursor_to_end(buf)
  local win = vim.fn.bufwinid(buf)
  vim.api.nvim_win_set_cursor(win, { vim.api.nvim_buf_line_count(buf), 0 })
end

--- Records the method of every request sent on the live connection for the rest of the test.
---@return string[] methods, in order
function E.record_requests()
  local connection = require('feedvm.rpc').current()
  local sent, request = {}, connection.request
  connection.request = function(self, method, ...)
    sent[#sent + 1] = method
    return request(self, method, ...)
  end
  H.defer(function() connection.request = nil end)
  return sent
end

--- Waits for the next CursorMoved (the plugin's own handlers, registered earlier, run first).
function E.wait_cursor_moved(buf)
  local moved = false
  vim.api.nvim_create_autocmd('CursorMoved', { buffer = buf, once = true, callback = function() moved = true end })
  H.wait_for('CursorMoved', function() return moved end)
end

--- A `ping` round trip on the live connection: whatever was sent before it has been read.
function E.round_trip()
  local answered = false
  require('feedvm.rpc').current():request('ping', {}, function() answered = true end)
  H.wait_for('the ping', function() return answered end)
end

--- The feedvm processes that are children of `pid` (default: this Neovim).
function E.feedvm_children(pid)
  local found = {}
  for _, child in ipairs(vim.api.nvim_get_proc_children(pid or vim.fn.getpid())) do
    local ok, cmdline = pcall(vim.fn.readfile, '/proc/' .. child .. '/cmdline')
    if ok and table.concat(cmdline, ' '):find('feedvm', 1, true) then
      found[#found + 1] = child
    end
  end
  return found
end

return E
