-- The plugin installed the ways users install it, not from the repository: a copy in a
-- `pack/*/start/` directory, one in `pack/*/opt/` loaded with :packadd (packer), and one on
-- 'runtimepath' as plugin managers put it (vim-plug, lazy.nvim). Each opens a feed in another
-- Neovim, and `g?` in it opens the help (the shipped doc/tags: no :helptags needed).
local H = require('support.harness')
local E = require('support.env')

--- Copies what a user installs (everything but the tests) to `target`.
local function install_copy(target)
  vim.fn.mkdir(vim.fn.fnamemodify(target, ':h'), 'p')
  for _, part in ipairs({ 'lua', 'plugin', 'doc', 'README.md' }) do
    vim.fn.mkdir(target, 'p')
    vim.fn.system({ 'cp', '-R', E.plugin_dir .. '/' .. part, target .. '/' })
    H.eq(0, vim.v.shell_error, 'copied ' .. part)
  end
end

--- Runs another Neovim with `init` (lines of Vim script) as its config; it opens a feed, types
--- g? and writes what it saw to a report, which is returned.
local function run_installed(init)
  local home = E.tmp .. '/install-' .. vim.loop.hrtime()
  local init_file, report = home .. '/init.vim', home .. '/report.json'
  vim.fn.mkdir(home, 'p')
  vim.fn.writefile(vim.list_extend(vim.deepcopy(init), {
    'let g:feedvm_binary = ' .. vim.fn.string(vim.g.feedvm_binary or ''),
    'let g:feedvm_args = ' .. vim.fn.string(E.args),
  }), init_file)
  local script = home .. '/drive.lua'
  vim.fn.writefile({
    "vim.cmd('FeedVM stub welfare')",
    'local buf = vim.api.nvim_get_current_buf()',
    'local loaded = vim.wait(20000, function() return (vim.b[buf].feedvm_count or 0) > 0 end, 10)',
    "vim.v.errmsg = ''",
    "local ok, err = pcall(vim.cmd, 'normal g?')",
    'local result = { loaded = loaded, ok = ok, err = tostring(err or ""), errmsg = vim.v.errmsg,',
    "  file = vim.fn.expand('%:t'), line = vim.fn.getline('.'), buftype = vim.bo.buftype }",
    'vim.fn.writefile({ vim.json.encode(result) }, ' .. vim.inspect(report) .. ')',
    "vim.cmd('qall!')",
  }, script)
  local exit_code
  vim.fn.jobstart({ vim.v.progpath, '--headless', '-i', 'NONE', '-u', init_file, '-c', 'luafile ' .. script }, {
    cwd = home,
    env = { XDG_CONFIG_HOME = home .. '/config', XDG_DATA_HOME = home .. '/data', XDG_STATE_HOME = home .. '/state' },
    on_exit = function(_, code) exit_code = code end,
  })
  H.wait_for('the other Neovim to quit', function() return exit_code end, 60000)
  H.eq(1, vim.fn.filereadable(report), 'it wrote its report (exit ' .. tostring(exit_code) .. ')')
  return vim.json.decode(vim.fn.readfile(report)[1])
end

local function check(result)
  H.ok(result.loaded, 'the feed loaded')
  H.ok(result.ok, 'g? ran: ' .. result.err)
  H.eq('', result.errmsg, 'no error such as E149')
  H.eq({ 'feedvm.txt', 'help' }, { result.file, result.buftype })
  H.ok(result.line:find('*feedvm-mappings*', 1, true), 'on the mappings: ' .. result.line)
end

H.test('installed as a package in pack/*/start, g? opens the help', function()
  local site = E.tmp .. '/site-start'
  install_copy(site .. '/pack/plugins/start/feedvm.nvim')
  check(run_installed({ 'set packpath^=' .. site }))
end)

H.test('installed in pack/*/opt and loaded with :packadd, g? opens the help', function()
  local site = E.tmp .. '/site-opt'
  install_copy(site .. '/pack/packer/opt/feedvm.nvim')
  check(run_installed({ 'set packpath^=' .. site, 'packadd feedvm.nvim' }))
end)

H.test("installed where a plugin manager puts it (on 'runtimepath'), g? opens the help", function()
  local plugged = E.tmp .. '/plugged/feedvm.nvim'
  install_copy(plugged)
  check(run_installed({ 'set runtimepath+=' .. plugged }))
end)

H.test('the shipped doc/tags is what :helptags makes of doc/feedvm.txt', function()
  local dir = E.tmp .. '/tags-check/doc'
  vim.fn.mkdir(dir, 'p')
  vim.fn.writefile(vim.fn.readfile(E.plugin_dir .. '/doc/feedvm.txt', 'b'), dir .. '/feedvm.txt', 'b')
  vim.cmd('helptags ' .. vim.fn.fnameescape(dir))
  H.eq(vim.fn.readfile(dir .. '/tags'), vim.fn.readfile(E.plugin_dir .. '/doc/tags'),
    'regenerate it: nvim --headless -u NONE -c "helptags clients/nvim/doc" -c q')
end)
