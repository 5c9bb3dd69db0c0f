--- Where the `feedvm` executable is: the rule every client shares
--- (protocol/vectors/discovery.json). The first that applies wins:
---   1. `g:feedvm_binary` (a path, a command name on PATH, or a command as a list);
---   2. `$FEEDVM_BIN` (unset or empty:
---      skipped) — a path that is not an executable file is an error, never replaced;
---   3. a binary shipped with the plugin (`bin/feedvm` in the plugin's folder);
---   4. `feedvm` on PATH;
---   5. `.build/release/feedvm`, then `.build/debug/feedvm`, of the nearest folder holding
---      `Package.swift` at or above the plugin's own files (the repository it lives in);
---   6. the same at or above the current directory.
--- Only executable regular files count.
local M = {}

local uv = vim.uv or vim.loop

--- The plugin's folder, found from this file's own path (<plugin>/lua/feedvm/binary.lua).
---@return string
function M.plugin_dir()
  local this_file = debug.getinfo(1, 'S').source:sub(2)
  return vim.fn.fnamemodify(this_file, ':p:h:h:h')
end

--- The repository root the plugin lives in (<root>/clients/nvim), whether or not it is one.
---@return string
function M.repository_root()
  return vim.fn.fnamemodify(M.plugin_dir(), ':h:h')
end

local function is_executable(path)
  local stat = uv.fs_stat(path)
  return stat ~= nil and stat.type == 'file' and uv.fs_access(path, 'X') == true
end

--- The release, else debug, build of the nearest Swift package at or above `start`; what was
--- looked at goes to `tried`.
local function build_above(start, tried)
  local directory = vim.fn.fnamemodify(start, ':p'):gsub('(.)/$', '%1')
  while true do
    if uv.fs_stat(directory .. '/Package.swift') then
      for _, configuration in ipairs({ 'release', 'debug' }) do
        local path = directory .. '/.build/' .. configuration .. '/feedvm'
        if is_executable(path) then
          return path
        end
        tried[#tried + 1] = path
      end
      return nil
    end
    local parent = vim.fn.fnamemodify(directory, ':h')
    if parent == directory then
      tried[#tried + 1] = 'a Swift package (Package.swift) at or above ' .. start
      return nil
    end
    directory = parent
  end
end

--- The command that starts the server, as an argv list without the plugin's own flags.
---@param opts? {binary?: string|string[], env?: table<string, string>, cwd?: string, plugin_dir?: string, shipped?: string[]}
---  overrides for tests: the explicit choice, the environment (FEEDVM_BIN, PATH), the working
---  directory, the plugin's own folder and the binaries it ships
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
    local path = vim.fn.expand(configured)
    if not path:find('/', 1, true) and vim.fn.exepath(path) ~= '' then
      return { vim.fn.exepath(path) }
    end
    if not is_executable(path) then
      return nil, ('feedvm binary %s is not an executable file (nothing else was tried)'):format(path)
    end
    return { path }
  end
  local env = opts.env or { FEEDVM_BIN = vim.env.FEEDVM_BIN, PATH = vim.env.PATH }
  local from_env = env.FEEDVM_BIN
  if from_env and from_env ~= '' then
    if not is_executable(from_env) then
      return nil, ('$FEEDVM_BIN=%s is not an executable file (nothing else was tried)'):format(from_env)
    end
    return { from_env }
  end
  local tried = { '$FEEDVM_BIN (unset)' }
  local plugin_dir = opts.plugin_dir or M.plugin_dir()
  for _, shipped in ipairs(opts.shipped or { plugin_dir .. '/bin/feedvm' }) do
    if is_executable(shipped) then
      return { shipped }
    end
  end
  tried[#tried + 1] = 'the binary shipped with the plugin (none)'
  for directory in vim.gsplit(env.PATH or '', ':', true) do
    if directory ~= '' and is_executable(directory .. '/feedvm') then
      return { directory .. '/feedvm' }
    end
  end
  tried[#tried + 1] = 'feedvm on PATH'
  local found = build_above(plugin_dir, tried) or build_above(opts.cwd or uv.cwd(), tried)
  if found then
    return { found }
  end
  return nil, 'feedvm binary not found; set g:feedvm_binary or FEEDVM_BIN, put feedvm on PATH, or run'
    .. ' `swift build -c release` in the repository. Tried: ' .. table.concat(tried, '; ')
end

return M
