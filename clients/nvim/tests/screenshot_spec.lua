-- The plugin in a real terminal: Neovim in a 100x30 tmux pane, driven by typed keys
-- (so CursorMoved and the mappings run as for a user); screenshots saved as PNGs under
-- FEEDVM_NVIM_ARTIFACTS (default .build/artifacts/nvim).
local H = require('support.harness')
local E = require('support.env')
local S = require('support.screenshot')

local WIDTH, HEIGHT = 100, 30

-- A user's colour scheme (the plugin's groups link to these standard ones).
local SCHEME = {
  Normal = { fg = '#c0caf5', bg = '#1a1b26' },
  CursorLine = { bg = '#292e42' },
  Title = { fg = '#7aa2f7', bold = true },
  Identifier = { fg = '#7dcfff' },
  Type = { fg = '#bb9af7' },
  Comment = { fg = '#565f89' },
  LineNr = { fg = '#737aa2' },
  Constant = { fg = '#ff9e64' },
  Special = { fg = '#9ece6a' },
  MoreMsg = { fg = '#e0af68' },
  NonText = { fg = '#545c7e' },
  Directory = { fg = '#7aa2f7' },
  FloatBorder = { fg = '#7aa2f7', bg = '#1a1b26' },
  StatusLine = { fg = '#a9b1d6', bg = '#24283b' },
}

local function init_script()
  return E.child_init({
    'vim.o.termguicolors = true',
    "vim.o.background = 'dark'",
    'for group, spec in pairs(' .. vim.inspect(SCHEME):gsub('\n', ' ') .. ') do vim.api.nvim_set_hl(0, group, spec) end',
    'vim.o.laststatus = 2',
    'vim.o.showmode = false',
    -- The buffer variables in a statusline, as a user would show them.
    [[vim.o.statusline = ' %f %= %{get(b:, "feedvm_count", "")} items · %{get(b:, "feedvm_state", "")} ']],
    "vim.cmd('FeedVM stub welfare stubDelayMs=700')",
  })
end

H.test('in a terminal: paging, the loading footer and an image report, as screenshots', function()
  for _, tool in ipairs({ 'tmux', 'convert', 'fc-match' }) do
    H.ok(vim.fn.executable(tool) == 1, tool .. ' is installed (scripts/run-tests.sh installs it)')
  end
  vim.fn.mkdir(E.artifacts, 'p')
  S.DEFAULT_BG = { 0x1a, 0x1b, 0x26 } -- the scheme's Normal background
  S.DEFAULT_FG = { 0xc0, 0xca, 0xf5 }
  local init = E.tmp .. '/screenshot-init.lua'
  vim.fn.writefile(init_script(), init)
  local t = S.start('feedvm-nvim-' .. vim.fn.getpid(), {
    'env', 'TERM=tmux-256color', 'COLORTERM=truecolor', vim.v.progpath, '-u', init, '-i', 'NONE',
  }, WIDTH, HEIGHT)
  H.defer(function() S.stop(t) end)
  local function screen_has(text)
    return function() return S.text(t):find(text, 1, true) end
  end

  H.wait_for('the first page on screen', screen_has('welfare #10'))
  S.keys(t, 'G')
  H.wait_for('the loading footer', screen_has('Loading more…'))
  local loading = E.artifacts .. '/feedvm-nvim-loading.png'
  S.save(t, loading)
  H.wait_for('the second page', screen_has('welfare #20'))
  S.keys(t, '6', 'k', 'Enter')
  H.wait_for('the image report', screen_has('image/png'))
  H.wait_for('the card and the statusline', function()
    return screen_has('welfare #5 ')() and screen_has('20 items · ready')()
  end)
  local shot = E.artifacts .. '/feedvm-nvim.png'
  S.save(t, shot)

  local text = S.text(t)
  H.ok(text:find('FeedVM  stub › welfare', 1, true), 'the header')
  H.ok(text:find('20 items · 2 pages', 1, true), 'the count in the header')
  H.ok(text:find('20 items · ready', 1, true), 'the statusline shows the buffer variables')
  H.ok(text:find('welfare #5 ', 1, true), 'the card names the item under the cursor')
  for _, png in ipairs({ loading, shot }) do
    local size = vim.fn.trim(vim.fn.system({ 'identify', '-format', '%wx%h', png }))
    H.eq(('%dx%d'):format(math.ceil(WIDTH * S.CELL_W + 2 * S.PAD), HEIGHT * S.CELL_H + 2 * S.PAD), size, png)
  end
  io.stdout:write('# screenshots: ' .. loading .. ' ' .. shot .. '\n')
end)

--- Starts the Python client's fixture backend (clients/python) and returns its URL.
local function start_fixtures()
  local url
  local job = vim.fn.jobstart({ 'python3', '-m', 'feedvm.fixtures' }, {
    env = { PYTHONPATH = E.root .. '/clients/python' },
    stdout_buffered = false,
    on_stdout = function(_, lines)
      for _, line in ipairs(lines) do url = url or line:match('serving (http://%S+)') end
    end,
  })
  H.ok(job > 0, 'python3 runs the fixture backend')
  H.defer(function() vim.fn.jobstop(job) end)
  H.wait_for('the fixture backend', function() return url ~= nil end)
  return url
end

H.test('in a terminal: a failed load-more with its Retry key, and the end of a list with its reason', function()
  vim.fn.mkdir(E.artifacts, 'p')
  S.DEFAULT_BG = { 0x1a, 0x1b, 0x26 }
  S.DEFAULT_FG = { 0xc0, 0xca, 0xf5 }
  local base = start_fixtures()
  local custom = {
    url = '{baseURL}/flaky/missing/items', query = { page = '{page}', per_page = '{pageSize}' },
    items = 'items', total = 'total', message = { 'detail' },
    fields = { id = 'id', title = 'title', imageURL = 'image' },
  }
  local shots = {}
  for _, case in ipairs({
    { name = 'error', open = { source = 'custom', baseURL = base, custom = custom }, pages = { 'missing #10', 'missing #20' },
      expect = 'Load failed: Not found. (not retryable) — R retries' },
    { name = 'end', open = { source = 'stub', category = 'iOS', total = 15 }, pages = { 'iOS #10' },
      expect = 'No more data · all items of the total are listed' },
  }) do
    local init = E.tmp .. '/screenshot-' .. case.name .. '.lua'
    local lines = init_script()
    lines[#lines] = 'require("feedvm").open({ input = ' .. vim.inspect(case.open):gsub('\n', ' ') .. ' })'
    vim.fn.writefile(lines, init)
    local t = S.start('feedvm-nvim-' .. case.name .. '-' .. vim.fn.getpid(), {
      'env', 'TERM=tmux-256color', 'COLORTERM=truecolor', vim.v.progpath, '-u', init, '-i', 'NONE',
    }, WIDTH, HEIGHT)
    H.defer(function() S.stop(t) end)
    for _, page in ipairs(case.pages) do
      H.wait_for(page .. ' on screen', function() return S.text(t):find(page, 1, true) end)
      S.keys(t, 'G')
    end
    H.wait_for(case.expect, function() return S.text(t):find(case.expect, 1, true) end)
    H.sleep(100)
    local shot = E.artifacts .. '/feedvm-nvim-' .. case.name .. '.png'
    S.save(t, shot)
    shots[#shots + 1] = shot
  end
  io.stdout:write('# screenshots: ' .. table.concat(shots, ' ') .. '\n')
end)
