--- The text of a feed buffer: a header line, one line per item in aligned columns (index,
--- title, author, date), a footer line. Pure functions from state to text and highlight
--- ranges; view.lua puts them in the buffer.
local M = {}

M.SPINNER = { '⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏' }
M.FOOTER_TEXT = { loading = 'Loading more…', noMoreData = 'No more data', idle = '', hidden = '', error = 'Load failed' }

--- Why a list ended (protocol 1.2's end reasons), in words.
M.END_REASONS = {
  hasMoreFalse = 'the API says there is no more',
  totalReached = 'all items of the total are listed',
  emptyPage = 'the last page was empty',
  shortPage = 'the last page was short',
  noNextURL = 'the page gave no next URL',
  noNextCursor = 'the page gave no cursor',
  repeatedCursor = 'the next page would repeat one already loaded',
  pageLimit = 'the page limit (maxPages) was reached',
}

--- The end reason `reason` in words (an unknown one as it is), or nil.
function M.end_reason_text(reason)
  if reason == nil then return nil end
  return M.END_REASONS[reason] or reason
end

--- "HTTP 404 (not retryable, 1 attempt)": what failed, from an `error` load state.
function M.load_error_text(load)
  local parts = { load.message or 'failed' }
  local notes = {}
  if load.retryable == false then notes[#notes + 1] = 'not retryable' end
  if load.attempts and load.attempts > 1 then notes[#notes + 1] = load.attempts .. ' attempts' end
  if #notes > 0 then parts[#parts + 1] = '(' .. table.concat(notes, ', ') .. ')' end
  return table.concat(parts, ' ')
end

--- Highlight groups, each linked to a standard group so colour schemes apply.
M.GROUPS = {
  FeedVMBrand = 'Title',
  FeedVMSource = 'Identifier',
  FeedVMCategory = 'Type',
  FeedVMSeparator = 'NonText',
  FeedVMInfo = 'Comment',
  FeedVMColumns = 'Comment',
  FeedVMIndex = 'LineNr',
  FeedVMTitle = false, -- plain text: the cursor line's background shows through
  FeedVMAuthor = 'Identifier',
  FeedVMDate = 'Constant',
  FeedVMImage = 'Special',
  FeedVMSpinner = 'Special',
  FeedVMLoading = 'MoreMsg',
  FeedVMNoMoreData = 'Comment',
  FeedVMError = 'ErrorMsg',
  FeedVMPreview = 'Normal',
  FeedVMPreviewBorder = 'FloatBorder',
  FeedVMPreviewTitle = 'Title',
  FeedVMPreviewPath = 'Directory',
}

--- Links the groups to their standard ones, as defaults: colour schemes and users may
--- override them.
function M.define_highlights()
  for group, target in pairs(M.GROUPS) do
    if target then
      vim.cmd(('highlight default link %s %s'):format(group, target))
    else
      vim.cmd(('highlight default %s gui=NONE cterm=NONE'):format(group))
    end
  end
end

local AUTHOR_MIN, AUTHOR_MAX = 6, 16
local DATE_WIDTH = 10
local IMAGE_RESERVE = 14 -- room at the end of the line for the loaded image's virtual text
local TITLE_MIN, TITLE_MAX = 24, 72

local function clamp(value, low, high)
  return math.max(low, math.min(high, value))
end

--- Column widths for `count` items whose longest title and author are `longest` cells
--- wide, in a window `width` cells wide: columns fit their content, titles get what is left.
---@param longest {title: integer, author: integer}|nil default: as wide as allowed
---@return table {index, title, author, date}
function M.layout(width, count, longest)
  longest = longest or { title = TITLE_MAX, author = AUTHOR_MAX }
  local index = math.max(3, #tostring(count))
  local author = clamp(longest.author, AUTHOR_MIN, AUTHOR_MAX)
  local fixed = 1 + index + 2 + 2 + author + 2 + DATE_WIDTH + 1 + IMAGE_RESERVE
  local title = clamp(longest.title, TITLE_MIN, math.max(TITLE_MIN, math.min(TITLE_MAX, width - fixed)))
  return { index = index, title = title, author = author, date = DATE_WIDTH }
end

--- Widens `longest` ({title, author} in cells) to cover items[from..to] (1-based).
function M.measure(items, from, to, longest)
  for i = from, to do
    local item = items[i]
    longest.title = math.max(longest.title, vim.fn.strdisplaywidth(item.title or ''))
    longest.author = math.max(longest.author, vim.fn.strdisplaywidth(item.author or ''))
  end
  return longest
end

--- `text` cut or padded to exactly `width` display cells ("…" marks a cut).
---@param text string
---@param width integer
---@return string
function M.fit(text, width)
  text = text:gsub('%c', ' ')
  local used
  if not text:find('[\128-\255]') then
    used = #text
  else
    used = vim.fn.strdisplaywidth(text)
  end
  if used <= width then
    return text .. string.rep(' ', width - used)
  end
  local out, cells = {}, 0
  for char in text:gmatch('[%z\1-\127\194-\244][\128-\191]*') do
    local char_width = char:byte() < 128 and 1 or vim.fn.strdisplaywidth(char)
    if cells + char_width > width - 1 then
      break
    end
    out[#out + 1] = char
    cells = cells + char_width
  end
  return table.concat(out) .. '…' .. string.rep(' ', width - 1 - cells)
end

--- The day of an API date ("2017-03-04T08:00:00Z" -> "2017-03-04"), else the text as given.
function M.day(published)
  if type(published) ~= 'string' then
    return ''
  end
  return published:match('^(%d%d%d%d%-%d%d%-%d%d)') or published
end

--- Builds a line from (text, group) parts, returning the text and its highlight ranges.
local function join(parts)
  local chunks, highlights, col = {}, {}, 0
  for _, part in ipairs(parts) do
    local text, group = part[1], part[2]
    chunks[#chunks + 1] = text
    if group and #text > 0 then
      highlights[#highlights + 1] = { group, col, col + #text }
    end
    col = col + #text
  end
  return table.concat(chunks), highlights
end

--- The line of item number `index` (0-based).
---@return string text
---@return table highlights {{group, start_col, end_col}, ...} (byte columns)
function M.item_line(index, item, layout)
  local number = tostring(index + 1)
  return join({
    { ' ' },
    { string.rep(' ', layout.index - #number) .. number, 'FeedVMIndex' },
    { '  ' },
    { M.fit(item.title or '', layout.title), 'FeedVMTitle' },
    { '  ' },
    { M.fit(item.author or '', layout.author), 'FeedVMAuthor' },
    { '  ' },
    { M.fit(M.day(item.publishedAt), layout.date), 'FeedVMDate' },
  })
end

--- The header line: which source and category (when it has one) the buffer shows.
function M.header_line(source, category)
  local parts = { { ' ' }, { 'FeedVM', 'FeedVMBrand' }, { '  ' }, { source, 'FeedVMSource' } }
  if category then
    vim.list_extend(parts, { { ' › ', 'FeedVMSeparator' }, { category, 'FeedVMCategory' } })
  end
  return join(parts)
end

--- The column titles shown under the header (virtual, the cursor never lands on them).
function M.columns_line(layout)
  return ' ' .. string.rep(' ', layout.index - 1) .. '#  ' .. M.fit('Title', layout.title)
    .. '  ' .. M.fit('Author', layout.author) .. '  ' .. M.fit('Date', layout.date)
end

--- The right-hand side of the header: the spinner while reloading, else the list's size (and
--- the new items waiting); first the saved-feed banner while the list is a stale stored one.
---@return table[] virtual text chunks
function M.header_info(state, frame)
  local info
  local refresh = state.loads and state.loads.refresh
  if state.refreshing then
    info = { { M.SPINNER[frame] .. ' ', 'FeedVMSpinner' }, { 'Refreshing…', 'FeedVMLoading' } }
  elseif state.error then
    return { { state.error .. ' — r restarts', 'FeedVMError' } }
  elseif refresh and refresh.state == 'error' then
    info = { { 'Reload failed: ' .. M.load_error_text(refresh) .. ' — R retries', 'FeedVMError' } }
  else
    local count = #state.items
    local text = count == 1 and '1 item' or (count .. ' items')
    if state.page > 0 then
      text = text .. (' · %d %s'):format(state.page, state.page == 1 and 'page' or 'pages')
    end
    info = { { text, 'FeedVMInfo' } }
    if state.new_items then
      table.insert(info, 1, { ('%d new — n shows them · '):format(state.new_items.count), 'FeedVMLoading' })
    end
  end
  if state.stale and state.stored_at then
    local saved = os.date('%H:%M', math.floor(state.stored_at / 1000))
    table.insert(info, 1, { 'Offline — saved feed from ' .. saved .. ' · ', 'FeedVMError' })
  end
  return info
end

--- The footer line, indented to the title column; `append` (the load-more's load state,
--- protocol 1.2) adds the attempt of a retried load and the failure of a failed one.
---@return string text
---@return table highlights
function M.footer_line(footer, layout, append)
  local text = M.FOOTER_TEXT[footer] or ''
  if text == '' then
    return '', {}
  end
  local group = footer == 'loading' and 'FeedVMLoading' or 'FeedVMNoMoreData'
  if footer == 'error' then
    group = 'FeedVMError'
    text = ('Load failed: %s — R retries'):format(M.load_error_text(append or {}))
  elseif footer == 'loading' and append and append.state == 'loading' and (append.attempt or 1) > 1 then
    text = ('%s (attempt %d)'):format(text, append.attempt)
  end
  return join({ { string.rep(' ', 1 + layout.index + 2) }, { text, group } })
end

--- The note after the footer's text: why the list ended, once it has.
---@return table[]|nil virtual text chunks
function M.footer_note(footer, append)
  local reason = footer == 'noMoreData' and append and append.state == 'endOfList' and M.end_reason_text(append.reason)
  if not reason then return nil end
  return { { '· ' .. reason, 'FeedVMInfo' } }
end

--- What the feed is doing, in a word a statusline can show: `closed`, `refreshing`,
--- `loading more`, `load failed`, `no more data` or `ready`.
function M.state_word(session)
  if session.closed then
    return 'closed'
  elseif session.refreshing then
    return 'refreshing'
  elseif session.footer == 'loading' then
    return 'loading more'
  elseif session.footer == 'error' or (session.loads and session.loads.refresh.state == 'error') then
    return 'load failed'
  elseif session.no_more_data then
    return 'no more data'
  end
  return 'ready'
end

--- The column where the footer's spinner goes (two cells left of its text).
function M.spinner_column(layout)
  return layout.index + 1
end

--- "133×117 image/png, 12.4 KiB"
function M.describe_image(image)
  local bytes = image.byteCount or 0
  local size
  if bytes >= 1024 * 1024 then
    size = ('%.1f MiB'):format(bytes / 1024 / 1024)
  elseif bytes >= 1024 then
    size = ('%.1f KiB'):format(bytes / 1024)
  else
    size = bytes .. ' B'
  end
  return ('%d×%d %s, %s'):format(image.width or 0, image.height or 0, image.mimeType or '?', size)
end

--- The virtual text after an item whose image is loaded.
function M.image_badge(image)
  return { { ('▣ %d×%d'):format(image.width or 0, image.height or 0), 'FeedVMImage' } }
end

return M
