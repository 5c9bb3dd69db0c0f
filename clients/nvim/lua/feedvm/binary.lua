--- Where the `feedvm` executable is: `g:feedvm_binary`, else `feedvm` on PATH, else the
--- release build of the repository this plugin lives in (clients/nvim sits two levels below
--- the repository root).
local M = {}

--- The repository root, found from this file's own path
--- (<root>/clients/nvim/lua/feedvm/binary.lua).
---@return string
function M.repository_root()
  local this_file = debug.getinfo(1, 'S').source:sub(2)
  return vim.fn.fnamemodify(this_file, ':p:h:h:h:h:h')
end

--- The command that starts the server, as an argv list without the plugin's own flags.
---@param opts? {binary?: string|string[], root?: string} overrides for tests
---@return string[]|nil argv
---@return string|nil error why nothing was found
function M.resolve(opts)
  opts = opts or {}
  local configured = opts.binary
  if configured == nil then
    configured = vim.g.feedvm_binary
  end
  if type(configured) == 'table' and #configured > 0 then
    return vim.deepcopy(configured)
  elseif type(configured) == 'string' and configured ~= '' then
    return { vim.fn.expand(configured) }
  end
  local on_path = vim.fn.exepath('feedvm')
  if on_path ~= '' then
    return { on_path }
  end
  local built = (opts.root or M.repository_root()) .. '/.build/release/feedvm'
  if vim.fn.executable(built) == 1 then
    return { built }
  end
  return nil, 'feedvm not found: set g:feedvm_binary, put feedvm on PATH, or run'
    .. ' `swift build -c release` in ' .. (opts.root or M.repository_root())
end

return M
