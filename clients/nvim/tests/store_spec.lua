-- The server's feed store (protocol 1.2): a feed opens on its saved list, and a change of
-- the list keeps the cursor on the item it was on.
local H = require('support.harness')
local E = require('support.env')
local rpc = require('feedvm.rpc')

--- Runs the test's feeds against a server with a feed store of their own.
local function with_store()
  rpc.stop()
  vim.g.feedvm_args = vim.list_extend(vim.deepcopy(rpc.default_args),
    { '--cache-dir', E.tmp .. '/store-cache', '--store', E.tmp .. '/feeds-' .. vim.loop.hrtime() .. '.sqlite' })
  H.defer(function()
    rpc.stop()
    vim.g.feedvm_args = E.args
  end)
end

local function header_text(buf)
  local marks = vim.api.nvim_buf_get_extmarks(buf, vim.api.nvim_create_namespace('feedvm'), 0, 0, { details = true })
  local parts = {}
  for _, chunk in ipairs(marks[1][4].virt_text or {}) do parts[#parts + 1] = chunk[1] end
  return table.concat(parts)
end

H.test('a feed opens on its saved list, marked offline until a reload confirms it', function()
  with_store()
  local buf = E.open_loaded({ source = 'stub', category = 'iOS' })
  vim.api.nvim_buf_delete(buf, { force = true })
  local again = E.open({ source = 'stub', category = 'iOS', stubDelayMs = 1500 })
  H.wait_for('the saved list', function() return vim.b[again].feedvm_count == 10 and vim.b[again].feedvm_stale end)
  H.ok(header_text(again):find('Offline — saved feed from %d%d:%d%d'), header_text(again))
  H.ok(vim.b[again].feedvm_stored_at ~= vim.NIL, 'b:feedvm_stored_at says when it was fetched')
  E.wait_settled(again, 'the reload')
  H.eq(false, vim.b[again].feedvm_stale, 'a reload confirmed it')
  H.ok(not header_text(again):find('Offline', 1, true), header_text(again))
end)

H.test('a change of the list above the cursor keeps the cursor on its item', function()
  with_store()
  local buf, view = E.open_loaded({ source = 'stub', category = 'Android' })
  vim.api.nvim_win_set_cursor(0, { 7, 0 })
  local item = view.session.items[6].id
  local done = false
  view.session:remove_item(view.session.items[2].id, function() done = true end)
  H.wait_for('the removal', function() return done and vim.b[buf].feedvm_count == 9 end)
  H.eq(6, vim.api.nvim_win_get_cursor(0)[1], 'one line up, with its item')
  H.eq(item, view.session.items[5].id)
end)
