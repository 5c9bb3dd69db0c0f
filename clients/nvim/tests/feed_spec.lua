-- A feed buffer against the real feedvm (FEEDVM_BIN) on the offline stub source: paging
-- by cursor, the footer, reload, category, images, buffer variables and the status event.
local H = require('support.harness')
local E = require('support.env')

H.test(':FeedVM shows the first page: header, one line per item, footer, variables', function()
  vim.cmd('FeedVM stub welfare')
  local buf = vim.api.nvim_get_current_buf()
  H.defer(function() pcall(vim.api.nvim_buf_delete, buf, { force = true }) end)
  E.wait_settled(buf, 'the first page')
  local lines = E.lines(buf)
  H.eq(12, #lines, 'header + 10 items + footer')
  H.ok(lines[1]:find('stub › welfare', 1, true), 'the header names source and category: ' .. lines[1])
  H.ok(lines[2]:match('^%s+1  welfare #1%s+Ada%s+2017%-01%-01$'), 'item 1: ' .. lines[2])
  H.ok(lines[11]:match('^%s+10  welfare #10%s+Ken%s+2017%-10%-10$'), 'item 10: ' .. lines[11])
  H.eq('', E.footer(buf), 'the footer of a list with more pages is empty')
  H.eq(10, vim.b[buf].feedvm_count)
  H.eq('footerStatus', vim.b[buf].feedvm_status)
  H.eq(false, vim.b[buf].feedvm_no_more_data)
  H.ok(vim.b[buf].feedvm_session:match('%S'), 'b:feedvm_session is the session id')
  H.eq('feedvm://stub/welfare', vim.api.nvim_buf_get_name(buf))
  H.eq('feedvm', vim.bo[buf].filetype)
  H.eq(false, vim.bo[buf].modifiable)
  H.eq({ 2, 0 }, vim.api.nvim_win_get_cursor(0), 'the cursor starts on the first item')
end)

H.test('moving the cursor to the end pages the stub feed to its end (willDisplay)', function()
  local buf, view = E.open_loaded({ source = 'stub', category = 'iOS' })
  local pages = 1
  while not vim.b[buf].feedvm_no_more_data do
    local before = vim.b[buf].feedvm_count
    E.cursor_to_end(buf)
    H.wait_for('page ' .. (pages + 1), function() return vim.b[buf].feedvm_count > before end)
    E.wait_settled(buf)
    pages = pages + 1
    H.ok(pages <= 10, 'at most 10 pages')
  end
  H.eq(10, pages, '95 items in pages of 10')
  H.eq(95, vim.b[buf].feedvm_count)
  local lines = E.lines(buf)
  H.eq(97, #lines)
  H.ok(lines[96]:match('^%s+95  iOS #95'), 'the last item: ' .. lines[96])
  H.eq('No more data', E.footer(buf))
  H.eq(true, vim.b[buf].feedvm_no_more_data)
  H.eq({ snapshot = 0, changes = 10 }, view.session.received,
    'every page arrived as incremental changes (the first one too: it fills an empty list)')
  local sent = E.record_requests()
  vim.api.nvim_win_set_cursor(vim.fn.bufwinid(buf), { 2, 0 })
  E.wait_cursor_moved(buf)
  E.cursor_to_end(buf)
  E.wait_cursor_moved(buf)
  E.round_trip()
  H.eq({ 'ping' }, sent, 'nothing more is asked after the end')
  H.eq(95, vim.b[buf].feedvm_count)
end)

H.test('the footer says Loading more… while a page loads, with a spinner', function()
  local buf, view = E.open_loaded({ source = 'stub', stubDelayMs = 600 })
  E.cursor_to_end(buf)
  H.wait_for('the loading footer', function() return E.footer(buf) == 'Loading more…' end)
  H.eq('beingFooterRefresh', vim.b[buf].feedvm_status)
  H.ok(view.timer, 'the spinner runs')
  E.wait_settled(buf, 'the second page')
  H.eq(20, vim.b[buf].feedvm_count)
  H.eq('', E.footer(buf))
  H.eq(nil, view.timer, 'the spinner stopped')
end)

H.test('User FeedVMStatus fires once per refreshStatus, after b:feedvm_status is set', function()
  local seen = {}
  local id = vim.api.nvim_create_autocmd('User', {
    pattern = 'FeedVMStatus',
    callback = function() seen[#seen + 1] = vim.b.feedvm_status end,
  })
  H.defer(function() vim.api.nvim_del_autocmd(id) end)
  local buf, view = E.open_loaded({ source = 'stub' })
  H.eq({ 'beingHeaderRefresh', 'endHeaderRefresh', 'footerStatus' }, seen, 'a reload')
  E.cursor_to_end(buf)
  H.wait_for('the second page', function() return vim.b[buf].feedvm_count == 20 end)
  E.wait_settled(buf)
  H.eq({ 'beingHeaderRefresh', 'endHeaderRefresh', 'footerStatus',
    'beingFooterRefresh', 'endFooterRefresh', 'footerStatus' }, seen, 'then a load-more')
  H.eq(view.session.status_notifications, #seen, 'one event per notification')
end)

H.test('r reloads: the first page again, the end of the list forgotten', function()
  local buf = E.open_loaded({ source = 'stub', total = 15 })
  E.cursor_to_end(buf)
  H.wait_for('the end', function() return vim.b[buf].feedvm_no_more_data end)
  E.wait_settled(buf)
  H.eq(15, vim.b[buf].feedvm_count)
  H.eq('No more data', E.footer(buf))
  local messages = E.capture_notify()
  H.feed('r')
  H.wait_for('the reload', function() return vim.b[buf].feedvm_count == 10 end)
  E.wait_settled(buf)
  H.eq(false, vim.b[buf].feedvm_no_more_data)
  H.eq('', E.footer(buf))
  local hud = H.ok(E.find_message(messages, 'FeedVM: Load successful'), 'the HUD went to vim.notify')
  H.eq(vim.log.levels.INFO, hud.level)
end)

H.test('c switches the category (updateInput) through vim.ui.select', function()
  local buf, view = E.open_loaded({ source = 'stub', category = 'welfare' })
  local offered
  local original = vim.ui.select
  vim.ui.select = function(choices, opts, on_choice)
    offered = { choices = choices, current = opts.format_item('welfare') }
    on_choice('Android')
  end
  H.defer(function() vim.ui.select = original end)
  H.feed('c')
  H.wait_for('the Android page', function()
    local line = E.lines(buf)[2] or ''
    return line:find('Android #1', 1, true)
  end)
  E.wait_settled(buf)
  H.eq({ 'all', 'Android', 'iOS', 'welfare' }, offered.choices)
  H.eq('welfare (current)', offered.current)
  H.ok(E.lines(buf)[1]:find('stub › Android', 1, true), 'the header follows')
  H.eq('feedvm://stub/Android', vim.api.nvim_buf_get_name(buf))
  H.eq('Android', view.session.input.category)
  H.eq(10, vim.b[buf].feedvm_count)
end)

--- The lines of the floating windows open now.
local function floats()
  local found = {}
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_config(win).relative ~= '' then
      found[#found + 1] = vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(win), 0, -1, false)
    end
  end
  return found
end

H.test('<CR> loads the image under the cursor: size, type, cache path, g:feedvm_open_image', function()
  local buf = E.open_loaded({ source = 'stub', category = 'welfare' })
  local opened
  vim.g.feedvm_open_image = function(path, image) opened = { path = path, image = image } end
  H.defer(function() vim.g.feedvm_open_image = nil end)
  vim.api.nvim_win_set_cursor(0, { 4, 0 })
  H.feed('<CR>')
  H.wait_for('the image', function() return opened end)
  local image = opened.image
  H.eq('image/png', image.mimeType)
  H.eq(image.byteCount, vim.fn.getfsize(opened.path), 'the cache file holds the image')
  H.ok(image.url:find('welfare/3.png', 1, true), 'item 3\'s image: ' .. image.url)
  local card = H.wait_for('the card', function() return floats()[1] end)
  H.eq('welfare #3', card[1])
  H.ok(card[2]:find(('^%d×%d image/png, [%%d.]+ KiB$'):format(image.width, image.height)), card[2])
  H.eq(opened.path, table.concat(card, '', 3), 'the card shows the cache path')
  local marks = vim.api.nvim_buf_get_extmarks(buf, vim.api.nvim_create_namespace('feedvm'), { 3, 0 }, { 3, -1 }, { details = true })
  local badge = marks[1] and marks[1][4].virt_text and marks[1][4].virt_text[1][1]
  H.eq(('▣ %d×%d'):format(image.width, image.height), badge, 'the line shows the loaded image')
  vim.api.nvim_win_set_cursor(0, { 5, 0 })
  H.wait_for('the card to close when the cursor moves', function() return #floats() == 0 end)
end)

H.test('load_image takes a size and format; the connection reports and clears the cache (protocol 1.2)', function()
  local _, view = E.open_loaded({ source = 'stub', category = 'welfare', prefetchImages = 0 })
  local small
  view.session:load_image(2, function(err, image) small = { err = err, image = image } end, { maxPixelSize = 40, format = 'jpeg' })
  H.wait_for('the small image', function() return small end)
  H.eq(nil, small.err)
  H.eq('image/jpeg', small.image.mimeType)
  H.eq(40, math.max(small.image.width, small.image.height), 'the longer side is 40')
  H.ok(small.image.path:match('%.jpg$'), 'the cache file is a .jpg: ' .. small.image.path)
  local shown
  view.session:will_display(2, function(err, result) shown = result end, { maxPixelSize = 40, format = 'jpeg' })
  H.wait_for('willDisplay', function() return shown end)
  H.eq(true, shown.ready, 'that size is cached')
  local info
  view.session.connection:cache_info(function(err, result) info = result end)
  H.wait_for('cacheInfo', function() return info end)
  H.ok(info.disk.entries >= 1 and info.memory.limit == 64 * 1024 * 1024, vim.inspect(info))
  local cleared
  view.session.connection:clear_cache({ memory = true, disk = true }, function(err, result) cleared = result end)
  H.wait_for('clearCache', function() return cleared end)
  H.eq(0, cleared.disk.entries)
end)

H.test('g:feedvm_open_image as a shell command gets the path appended', function()
  E.open_loaded({ source = 'stub' })
  E.capture_notify()
  local out = E.tmp .. '/opened.txt'
  vim.g.feedvm_open_image = "sh -c 'printf %s \"$1\" > " .. out .. "' sh"
  H.defer(function() vim.g.feedvm_open_image = nil end)
  H.feed('<CR>')
  H.wait_for('the command to run', function() return vim.fn.filereadable(out) == 1 and vim.fn.getfsize(out) > 0 end)
  H.ok(vim.fn.readfile(out)[1]:match('^/'), 'an absolute path')
end)

H.test('<CR> on an item without an image (protocol 1.1) says so', function()
  local buf, view = E.open_loaded({ source = 'stub' })
  local messages = E.capture_notify()
  view.session.items[1].imageURL = nil
  vim.api.nvim_win_set_cursor(0, { 2, 0 })
  local sent = E.record_requests()
  H.feed('<CR>')
  H.wait_for('the message', function() return E.find_message(messages, 'has no image') end)
  E.round_trip()
  H.eq({ 'ping' }, sent, 'no loadImage was sent')
  H.eq({}, view.session.images, 'nothing was loaded')
  H.eq(10, vim.b[buf].feedvm_count)
end)

H.test('a failed load reports the server\'s message as an error HUD', function()
  local messages = E.capture_notify()
  local buf = E.open({ source = 'gank', baseURL = 'http://127.0.0.1:9/' })
  local hud = H.wait_for('the error HUD', function()
    for _, m in ipairs(messages) do
      if m.level == vim.log.levels.ERROR then return m end
    end
  end)
  H.ok(hud.message:find('^FeedVM: '), hud.message)
  E.wait_settled(buf)
  H.eq(0, vim.b[buf].feedvm_count)
end)

H.test(':FeedVM takes extra input members as key=value', function()
  vim.cmd('FeedVM stub iOS pageSize=4')
  local buf = vim.api.nvim_get_current_buf()
  H.defer(function() pcall(vim.api.nvim_buf_delete, buf, { force = true }) end)
  E.wait_settled(buf)
  H.eq(4, vim.b[buf].feedvm_count)
  H.eq('iOS', require('feedvm').view(buf).session.input.category)
end)

H.test('the end of the list says why, after No more data, and in b:feedvm_end_reason', function()
  local buf = E.open_loaded({ source = 'stub', total = 15 })
  E.cursor_to_end(buf)
  H.wait_for('the end', function() return vim.b[buf].feedvm_no_more_data end)
  E.wait_settled(buf)
  H.eq('No more data', E.footer(buf))
  H.eq('totalReached', vim.b[buf].feedvm_end_reason)
  local row = #E.lines(buf) - 1
  local marks = vim.api.nvim_buf_get_extmarks(buf, vim.api.nvim_create_namespace('feedvm'), { row, 0 }, { row, -1 }, { details = true })
  local notes = {}
  for _, mark in ipairs(marks) do
    for _, chunk in ipairs(mark[4].virt_text or {}) do notes[#notes + 1] = chunk[1] end
  end
  H.eq({ '· all items of the total are listed' }, notes)
  H.ok(vim.b[buf].feedvm_last_updated > 1600000000000, 'b:feedvm_last_updated is the reload time')
end)

H.test('a failed reload says so in the header with R to retry, and R runs it again', function()
  local input = { source = 'custom', retry = false,
    custom = { url = 'http://127.0.0.1:1/items?page={page}', fields = { id = 'id' } } }
  local buf, view = E.open(input)
  H.wait_for('the failure', function() return vim.b[buf].feedvm_state == 'load failed' end)
  local refresh = vim.b[buf].feedvm_loads.refresh
  H.eq({ 'error', 'connectionFailed', true, 1 }, { refresh.state, refresh.reason, refresh.retryable, refresh.attempts })
  local info = require('feedvm.render').header_info(view.session, 1)
  H.ok(info[1][1]:find('^Reload failed: ') and info[1][1]:find('— R retries$'), info[1][1])
  local before = view.session.status_notifications
  H.feed('R')
  H.wait_for('the retried reload', function()
    return view.session.status_notifications >= before + 3 and not view.session.refreshing
  end)
  H.eq('load failed', vim.b[buf].feedvm_state, 'it failed again')
end)
