-- Drives one feedvm session through Neovim's own JSON-RPC client, vim.lsp.rpc (Content-Length
-- framing, as for a language server): transform, reload, one load-more, then shutdown and exit.
-- Run: FEEDVM_BIN=... FEEDVM_CACHE=... FEEDVM_OUT=result.json nvim --headless -u NONE -c "luafile %"
local result = { notifications = {}, answers = {} }

local function finish()
  vim.fn.writefile({ vim.json.encode(result) }, os.getenv('FEEDVM_OUT'))
  vim.cmd('qall!')
end

local ok, failure = pcall(function()
  local client = vim.lsp.rpc.start(os.getenv('FEEDVM_BIN'), { '--stdio', '--cache-dir', os.getenv('FEEDVM_CACHE') }, {
    notification = function(method, params)
      table.insert(result.notifications, { method = method, status = params.status, revision = params.revision })
    end,
    on_exit = function(code) result.exit = code end,
  })

  local function call(method, params)
    local done, answer, problem = false, nil, nil
    client.request(method, params, function(err, value)
      done, answer, problem = true, value, err
    end)
    assert(vim.wait(20000, function() return done end, 5), 'no answer to ' .. method)
    assert(problem == nil, method .. ': ' .. vim.inspect(problem))
    table.insert(result.answers, { method = method, result = answer })
    return answer
  end

  local session = call('transform', { input = { source = 'stub', pageSize = 10, total = 25 } }).session
  call('bindRefreshStatus', { session = session })
  call('requestCommand', { session = session, reload = true })
  call('requestCommand', { session = session, reload = false })
  call('shutdown', vim.empty_dict())
  client.notify('exit', vim.empty_dict())
  assert(vim.wait(5000, function() return result.exit ~= nil end, 5), 'feedvm did not exit')
end)
if not ok then result.failure = tostring(failure) end
finish()
