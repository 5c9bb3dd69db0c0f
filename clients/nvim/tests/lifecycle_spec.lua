-- Sessions and the process follow Neovim: wiping a buffer disposes its session, quitting
-- Neovim ends feedvm, a crashed feedvm is reported and `r` starts a new one.
local H = require('support.harness')
local E = require('support.env')
local rpc = require('feedvm.rpc')

H.test('wiping the buffer disposes the session', function()
  local buf, view = E.open_loaded({ source = 'stub' })
  local id = vim.b[buf].feedvm_session
  local connection = rpc.current()
  vim.cmd('bwipeout ' .. buf)
  H.eq(nil, require('feedvm').view(buf), 'the view is gone')
  H.ok(view.session.closed, 'the session is closed')
  H.eq(nil, connection.sessions[id], 'no notification is routed to it')
  local answer
  connection:request('requestCommand', { session = id, reload = false }, function(err)
    answer = err or {}
  end)
  H.wait_for('the answer', function() return answer end)
  H.eq(-32001, answer.code, 'the server no longer knows the session')
end)

local function child_script(pid_file)
  return E.child_init({
    "vim.cmd('FeedVM stub')",
    'vim.wait(20000, function() return (vim.b.feedvm_count or 0) > 0 end, 10)',
    'local pids = vim.tbl_map(tostring, vim.api.nvim_get_proc_children(vim.fn.getpid()))',
    'vim.fn.writefile(pids, ' .. vim.inspect(pid_file) .. ')',
    "vim.cmd('qall!')",
  })
end

H.test('quitting Neovim ends feedvm before Neovim exits (no orphan)', function()
  local script, pid_file = E.tmp .. '/child.lua', E.tmp .. '/child.pids'
  vim.fn.writefile(child_script(pid_file), script)
  local exit_code
  vim.fn.jobstart({ vim.v.progpath, '--headless', '-u', 'NONE', '-i', 'NONE', '-c', 'luafile ' .. script }, {
    on_exit = function(_, code) exit_code = code end,
  })
  H.wait_for('the child Neovim to quit', function() return exit_code end)
  H.eq(0, exit_code)
  local pids = vim.fn.readfile(pid_file)
  H.ok(#pids >= 1, 'the child had started feedvm')
  for _, pid in ipairs(pids) do
    -- Not even a zombie: Neovim waited for it before exiting.
    H.eq(0, vim.fn.isdirectory('/proc/' .. pid), 'process ' .. pid .. ' is gone')
  end
end)

H.test('a crashed feedvm is reported, and r starts a new one', function()
  local buf, view = E.open_loaded({ source = 'stub' })
  local messages = E.capture_notify()
  local old_session = vim.b[buf].feedvm_session
  local pids = E.feedvm_children()
  H.eq(1, #pids, 'one feedvm process')
  local uv = vim.uv or vim.loop
  uv.kill(pids[1], 'sigkill')
  H.wait_for('the report', function() return E.find_message(messages, 'feedvm exited') end)
  H.ok(view.session.closed, 'the session is closed')
  local header = vim.api.nvim_buf_get_extmarks(buf, vim.api.nvim_create_namespace('feedvm'), 0, 0, { details = true })[1][4].virt_text
  H.ok(header[1][1]:find('r restarts', 1, true), 'the header says how to restart: ' .. header[1][1])
  H.feed('r')
  H.wait_for('a new session', function()
    return vim.b[buf].feedvm_session ~= old_session and vim.b[buf].feedvm_session ~= ''
  end)
  E.wait_settled(buf)
  H.eq(10, vim.b[buf].feedvm_count)
  H.eq(1, #E.feedvm_children(), 'one feedvm process again')
end)

H.test('the plugin speaks newline framing whatever framing the flags name (--stdio, as editors pass)', function()
  rpc.stop()
  vim.g.feedvm_args = { '--stdio', '--framing', 'content-length', '--cache-dir', E.tmp .. '/cache' }
  H.defer(function()
    rpc.stop()
    vim.g.feedvm_args = E.args
  end)
  local buf = E.open_loaded({ source = 'stub', category = 'iOS' })
  local argv = rpc.current().argv
  H.eq({ '--stdio', '--cache-dir', E.tmp .. '/cache', '--framing', 'newline' }, vim.list_slice(argv, 2))
  H.eq(10, vim.b[buf].feedvm_count)
  H.ok(E.lines(buf)[2]:find('iOS #1', 1, true), E.lines(buf)[2])
end)

H.test('a feedvm that refuses to start is reported with the last lines of its stderr', function()
  rpc.stop()
  local messages = E.capture_notify()
  vim.g.feedvm_args = { '--no-such-flag' }
  H.defer(function()
    rpc.stop()
    vim.g.feedvm_args = E.args
  end)
  local buf, view = E.open({ source = 'stub' })
  local report = H.wait_for('the report', function() return E.find_message(messages, 'feedvm exited (code 2)') end)
  H.ok(report.message:find("unknown argument '--no-such-flag'", 1, true), report.message)
  H.wait_for('the session to close', function() return view.session.closed end)
  H.eq(0, vim.b[buf].feedvm_count)
end)
