--- FeedVM for Neovim: a feed buffer driven by the feedvm engine over JSON-RPC
--- (`feedvm.rpc`). `:help feedvm`.
local actions = require('feedvm.actions')
local categories = require('feedvm.categories')
local session = require('feedvm.session')
local view = require('feedvm.view')

local M = {}

--- Opens a feed buffer.
---@param opts? {input?: table, mods?: string} `input`: the Input of `transform` (protocol
--- §5), e.g. {source = 'stub', category = 'welfare'}; `mods`: command modifiers for the
--- window (e.g. 'vertical', 'tab'); none opens the feed in the current window.
---@return integer|nil buf the feed buffer
---@return string|nil error
function M.open(opts)
  opts = opts or {}
  local input = vim.deepcopy(opts.input or {})
  input.source = input.source or 'stub'
  local buf = vim.api.nvim_create_buf(true, true)
  local v = view.new(buf)
  local s, err = session.open(input, v)
  if not s then
    vim.api.nvim_buf_delete(buf, { force = true })
    view.by_buffer[buf] = nil
    vim.notify('FeedVM: ' .. err, vim.log.levels.ERROR)
    return nil, err
  end
  v.session = s
  vim.bo[buf].buftype = 'nofile'
  vim.bo[buf].bufhidden = 'hide'
  vim.bo[buf].swapfile = false
  vim.bo[buf].undolevels = -1
  vim.bo[buf].modifiable = false
  v:rename()
  if opts.mods and opts.mods ~= '' then
    vim.cmd(opts.mods .. ' split')
  end
  vim.api.nvim_win_set_buf(0, buf)
  v:set_window_options(vim.api.nvim_get_current_win())
  v:draw_all()
  v:set_vars()
  actions.attach(v)
  vim.bo[buf].filetype = 'feedvm'
  return buf
end

--- `:FeedVM [source] [category] [key=value ...]`: extra Input members as key=value
--- (numbers and true/false are converted), e.g. `:FeedVM stub iOS pageSize=20`.
---@param args string[]
---@param mods string|nil
function M.command(args, mods)
  local input, positional = {}, {}
  for _, arg in ipairs(args) do
    local key, value = arg:match('^([%w_]+)=(.*)$')
    if key then
      if tonumber(value) then
        value = tonumber(value)
      elseif value == 'true' or value == 'false' then
        value = value == 'true'
      end
      input[key] = value
    else
      positional[#positional + 1] = arg
    end
  end
  input.source = input.source or positional[1]
  input.category = input.category or positional[2]
  return M.open({ input = input, mods = mods })
end

--- Completion of `:FeedVM`: sources, then the source's categories.
function M.complete(arg_lead, cmd_line)
  local words = vim.split(cmd_line, '%s+', { trimempty = false })
  local position = #words - 1 -- the word being completed: 1 source, 2 category
  local candidates = {}
  if position == 1 then
    candidates = categories.SOURCES
  elseif position == 2 then
    candidates = categories.for_source(words[2]) or {}
  end
  return vim.tbl_filter(function(candidate)
    return candidate:sub(1, #arg_lead) == arg_lead
  end, candidates)
end

--- The view of buffer `buf` (0: the current one), for scripts and tests.
---@return feedvm.View|nil
function M.view(buf)
  if buf == nil or buf == 0 then
    buf = vim.api.nvim_get_current_buf()
  end
  return view.by_buffer[buf]
end

return M
