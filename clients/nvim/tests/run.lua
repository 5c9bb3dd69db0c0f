-- The plugin's test runner, for headless Neovim 0.7+ with no plugin manager:
--
--   FEEDVM_BIN=.build/debug/feedvm \
--     nvim --headless -u NONE -i NONE -c 'luafile clients/nvim/tests/run.lua'
--
-- Runs every tests/*_spec.lua (FEEDVM_NVIM_FILTER=text keeps the tests whose name contains
-- it), prints TAP-style lines and a closing `nvim: N passed, M failed`, and exits 1 on any
-- failure. FEEDVM_BIN is the server to test (default: the plugin's own discovery);
-- FEEDVM_NVIM_ARTIFACTS is where the screenshot goes (default .build/artifacts/nvim).
local function report(passed, failed)
  io.stdout:write(('nvim: %d passed, %d failed\n'):format(passed, failed))
  io.stdout:flush()
  vim.cmd((failed > 0 or passed == 0) and 'cquit 1' or 'qall!')
end

local function main()
  local tests_dir = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h')
  local plugin_dir = vim.fn.fnamemodify(tests_dir, ':h')
  vim.opt.runtimepath:prepend(plugin_dir)
  package.path = tests_dir .. '/?.lua;' .. package.path
  vim.cmd('runtime! plugin/feedvm.lua')

  local H = require('support.harness')
  local env = require('support.env')
  env.setup(plugin_dir)

  for _, file in ipairs(vim.fn.sort(vim.fn.glob(tests_dir .. '/*_spec.lua', false, true))) do
    H.file = vim.fn.fnamemodify(file, ':t:r')
    dofile(file)
  end
  H.file = nil

  -- A test that never ends must not hang the run.
  vim.defer_fn(function()
    io.stdout:write('not ok - the run took longer than 10 minutes\n')
    report(0, 1)
  end, 600000)

  H.run(os.getenv('FEEDVM_NVIM_FILTER'), function(passed, failed)
    require('feedvm.rpc').stop()
    env.teardown()
    report(passed, failed)
  end)
end

local ok, err = xpcall(main, debug.traceback)
if not ok then
  io.stdout:write('not ok - the runner failed to start\n    ', tostring(err):gsub('\n', '\n    '), '\n')
  report(0, 1)
end
