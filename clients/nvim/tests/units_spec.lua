-- The pure parts: applying incremental sections, line rendering, finding the binary,
-- the command's arguments and completion.
local H = require('support.harness')
local sections = require('feedvm.sections')
local render = require('feedvm.render')
local binary = require('feedvm.binary')
local feedvm = require('feedvm')

local function items(ids)
  return vim.tbl_map(function(id) return { id = tostring(id) } end, ids)
end

local function ids(list)
  return vim.tbl_map(function(item) return item.id end, list)
end

H.test('changes apply as in protocol §9 (delete, move, insert, update)', function()
  local old = { { items = items({ 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 }) } }
  local new = assert(sections.apply(old, {
    baseRevision = 3,
    sections = { {
      section = 0, count = 10, deleted = { 0, 4 },
      inserted = { { index = 9, item = { id = 'X' } } },
      moved = { { from = 7, to = 2 } },
      updated = { { index = 5, item = { id = 'U' } } },
    } },
  }))
  H.eq({ '1', '2', '7', '3', '5', 'U', '8', '9', '10', 'X' }, ids(new[1].items))
  H.eq(11, #old[1].items, 'the old list is left as it was')
end)

H.test('changes that do not fit the list are refused', function()
  local old = { { items = items({ 1, 2 }) } }
  H.eq(nil, (sections.apply(old, { sections = { { deleted = { 2 } } } })), 'delete out of range')
  H.eq(nil, (sections.apply(old, { sections = { { count = 3, inserted = {} } } })), 'count mismatch')
  H.eq(nil, (sections.apply(old, { sections = { { deleted = { 0, 0 } } } })), 'double delete')
  local _, err = sections.apply(old, { sections = { { inserted = { { index = 5, item = {} } } } } })
  H.ok(err and err:find('bad target index 5', 1, true), 'the error names the index: ' .. tostring(err))
end)

H.test('a load-more page is recognised as an append', function()
  local page = { sections = { { inserted = { { index = 10, item = {} }, { index = 11, item = {} } } } } }
  H.ok(sections.is_append(10, page), 'appending at 10')
  H.ok(not sections.is_append(9, page), 'inserting before the end')
  H.ok(not sections.is_append(10, { sections = { { deleted = { 0 } } } }), 'a deletion')
end)

H.test('text is fitted to display cells, wide characters included', function()
  H.eq('abc  ', render.fit('abc', 5))
  H.eq('abcd…', render.fit('abcdefgh', 5))
  H.eq('福利… ', render.fit('福利福利', 6))
  H.eq(5, vim.fn.strdisplaywidth(render.fit('福利福利', 5)))
  H.eq('a b', render.fit('a\nb', 3), 'control characters become spaces')
  H.eq('2017-03-04', render.day('2017-03-04T08:00:00Z'))
  H.eq('yesterday', render.day('yesterday'))
end)

H.test('an item line has aligned columns and highlights on each', function()
  local layout = render.layout(100, 95)
  local text, ranges = render.item_line(4, { title = 'iOS #5', author = 'Ken', publishedAt = '2017-05-05T08:00:00Z' }, layout)
  H.eq(1 + layout.index + 2 + layout.title + 2 + layout.author + 2 + layout.date, vim.fn.strdisplaywidth(text))
  local parts = {}
  for _, range in ipairs(ranges) do
    parts[range[1]] = vim.trim(text:sub(range[2] + 1, range[3]))
  end
  H.eq({ FeedVMIndex = '5', FeedVMTitle = 'iOS #5', FeedVMAuthor = 'Ken', FeedVMDate = '2017-05-05' }, parts)
  H.eq(4, render.layout(100, 1000).index, 'the index column grows with the count')
end)

H.test('the header names the source, and the category when there is one', function()
  H.eq(' FeedVM  stub › iOS', (render.header_line('stub', 'iOS')))
  H.eq(' FeedVM  unsplash', (render.header_line('unsplash', nil)))
end)

H.test('the state word names what the feed is doing, the most urgent first', function()
  H.eq('ready', render.state_word({ footer = 'idle' }))
  H.eq('loading more', render.state_word({ footer = 'loading' }))
  H.eq('no more data', render.state_word({ footer = 'noMoreData', no_more_data = true }))
  H.eq('refreshing', render.state_word({ footer = 'noMoreData', no_more_data = true, refreshing = true }))
  H.eq('closed', render.state_word({ footer = 'loading', refreshing = true, closed = true }))
end)

H.test('the footer line says what the footer shows', function()
  local layout = render.layout(80, 10)
  H.eq('Loading more…', vim.trim((render.footer_line('loading', layout))))
  H.eq('No more data', vim.trim((render.footer_line('noMoreData', layout))))
  H.eq('', (render.footer_line('hidden', layout)))
  H.eq('', (render.footer_line('idle', layout)))
end)

H.test('a failed load-more says why in the footer, with its Retry key; the end says why the list ended', function()
  local layout = render.layout(80, 10)
  local failed = { state = 'error', code = -32002, message = 'Not found.', status = 404, retryable = false, attempts = 1 }
  local text, ranges = render.footer_line('error', layout, failed)
  H.eq('Load failed: Not found. (not retryable) — R retries', vim.trim(text))
  H.eq('FeedVMError', ranges[1][1])
  local retried = { state = 'error', message = 'HTTP 503', retryable = true, attempts = 3 }
  H.eq('Load failed: HTTP 503 (3 attempts) — R retries', vim.trim((render.footer_line('error', layout, retried))))
  H.eq('Loading more… (attempt 2)', vim.trim((render.footer_line('loading', layout, { state = 'loading', attempt = 2 }))))
  H.eq('Loading more…', vim.trim((render.footer_line('loading', layout, { state = 'loading', attempt = 1 }))))
  H.eq({ { '· the last page was short', 'FeedVMInfo' } }, render.footer_note('noMoreData', { state = 'endOfList', reason = 'shortPage' }))
  H.eq({ { '· someNewReason', 'FeedVMInfo' } }, render.footer_note('noMoreData', { state = 'endOfList', reason = 'someNewReason' }))
  H.eq(nil, render.footer_note('idle', { state = 'idle' }))
  H.eq('load failed', render.state_word({ footer = 'error', loads = { refresh = { state = 'idle' } } }))
  H.eq('load failed', render.state_word({ footer = 'hidden', loads = { refresh = failed } }))
  local info = render.header_info({ items = {}, page = 0, loads = { refresh = failed } }, 1)
  H.eq({ { 'Reload failed: Not found. (not retryable) — R retries', 'FeedVMError' } }, info)
end)

H.test('the session keeps the load states of each status and a failed load-more makes the footer an error', function()
  local Session = require('feedvm.session').Session
  local s = setmetatable({ loads = { refresh = { state = 'idle' }, append = { state = 'idle' } }, footer = 'idle' }, Session)
  s:apply_status({ status = 'footerStatus', isHidden = false, isNoMoreData = false,
    refresh = { state = 'idle' }, append = { state = 'error', message = 'HTTP 404', retryable = false, attempts = 1 },
    lastUpdated = 1700000000000 })
  H.eq('error', s.footer)
  H.eq(1700000000000, s.last_updated)
  s:apply_status({ status = 'beingFooterRefresh', refresh = { state = 'idle' }, append = { state = 'loading', attempt = 1 } })
  H.eq('loading', s.footer)
  H.eq({ state = 'loading', attempt = 1 }, s.loads.append)
end)

H.test('g:feedvm_binary may be a command with arguments, or a bare name looked up on PATH', function()
  H.eq({ 'python3', 'shim.py' }, binary.resolve({ binary = { 'python3', 'shim.py' } }))
  H.eq({ vim.fn.exepath('sh') }, binary.resolve({ binary = 'sh' }))
  local argv, err = binary.resolve({ binary = '/nonexistent/feedvm' })
  H.eq(nil, argv)
  H.ok(err:find('not an executable file', 1, true), err)
  H.eq(vim.fn.fnamemodify(binary.plugin_dir(), ':p'), vim.fn.fnamemodify(require('support.env').plugin_dir, ':p'),
    'the plugin finds its own folder')
end)

H.test("from the repository, the plugin finds the repository's build whatever the working directory", function()
  local argv, err = binary.resolve({ binary = '', env = { PATH = '' }, cwd = vim.fn.tempname() })
  H.ok(argv, err)
  H.ok(vim.startswith(argv[1], require('support.env').root .. '/.build/'), argv[1])
end)

H.test(':FeedVM completes sources, then the source\'s categories', function()
  H.eq({ 'stub' }, feedvm.complete('st', 'FeedVM st'))
  H.eq({ 'stub', 'gank', 'unsplash', 'envelope', 'custom' }, feedvm.complete('', 'FeedVM '))
  H.eq({ 'welfare' }, feedvm.complete('w', 'FeedVM stub w'))
  H.eq({}, feedvm.complete('', 'FeedVM stub iOS '))
end)
