--- A feed buffer: draws a session's state (render.lua's lines) and keeps the buffer
--- variables, the spinner and the `User FeedVMStatus` event in step with it.
--- Lines: 1 the header, 2..count+1 the items, count+2 the footer.
local render = require('feedvm.render')
local categories = require('feedvm.categories')
local LOADING = require('feedvm.session').FOOTER_LOADING

local M = {}

local ns = vim.api.nvim_create_namespace('feedvm')
local HEADER_MARK, SPINNER_MARK, NOTE_MARK = 1, 2, 3

--- Open views by buffer number.
M.by_buffer = {}

---@class feedvm.View
---@field buf integer
---@field session feedvm.Session|nil
---@field layout table render.layout()
---@field longest {title: integer, author: integer} the widest title and author, in cells
---@field displaying boolean a willDisplay is on its way (actions.lua)
---@field frame integer spinner frame
---@field timer userdata|nil the spinner's timer
local View = {}
View.__index = View
M.View = View

--- A new view of nothing yet in buffer `buf`.
function M.new(buf)
  local self = setmetatable({ buf = buf, frame = 1 }, View)
  M.by_buffer[buf] = self
  return self
end

--- Names the buffer after its source and category (feedvm://stub/welfare), unique.
function View:rename()
  local input = self.session.input
  local category = self:category()
  local base = 'feedvm://' .. (input.source or 'stub') .. (category and ('/' .. category) or '')
  local taken = {}
  for _, buf in ipairs(vim.api.nvim_list_bufs()) do
    if buf ~= self.buf then
      taken[vim.api.nvim_buf_get_name(buf)] = true
    end
  end
  local name, n = base, 1
  while taken[name] do
    n = n + 1
    name = ('%s (%d)'):format(base, n)
  end
  vim.api.nvim_buf_set_name(self.buf, name)
end

--- Window options for a list: no wrapping, the cursor line shown, no gutters.
function View:set_window_options(win)
  vim.api.nvim_win_call(win, function()
    vim.cmd('setlocal nowrap cursorline nonumber norelativenumber nolist nospell'
      .. ' signcolumn=no foldcolumn=0 colorcolumn= nofoldenable fillchars+=eob:\\ ')
  end)
end

--- The width the layout follows: the first window showing the buffer, else the screen.
function View:width()
  local win = vim.fn.bufwinid(self.buf)
  if win ~= -1 then
    return vim.api.nvim_win_get_width(win)
  end
  return vim.o.columns
end

--- Writes `lines` over [first, last) with the buffer briefly modifiable.
function View:set_lines(first, last, lines)
  vim.bo[self.buf].modifiable = true
  vim.api.nvim_buf_set_lines(self.buf, first, last, false, lines)
  vim.bo[self.buf].modifiable = false
end

local function highlight(buf, row, ranges)
  for _, range in ipairs(ranges) do
    vim.api.nvim_buf_set_extmark(buf, ns, row, range[2], { end_col = range[3], hl_group = range[1] })
  end
end

--- The display category: the input's, else the source's default.
function View:category()
  local input = self.session.input
  return input.category or categories.default(input.source)
end

--- Header line, its right-hand info and the column titles under it.
function View:draw_header()
  local text, ranges = render.header_line(self.session.input.source or 'stub', self:category())
  self:set_lines(0, 1, { text })
  vim.api.nvim_buf_clear_namespace(self.buf, ns, 0, 1)
  highlight(self.buf, 0, ranges)
  self:draw_header_info()
end

--- The header's right-hand side only (what the spinner animates).
function View:draw_header_info()
  vim.api.nvim_buf_set_extmark(self.buf, ns, 0, 0, {
    id = HEADER_MARK,
    virt_text = render.header_info(self.session, self.frame),
    virt_text_pos = 'right_align',
    virt_lines = { { { render.columns_line(self.layout), 'FeedVMColumns' } } },
  })
end

--- The footer line and, while a page loads, its spinner.
function View:draw_footer()
  local row = #self.session.items + 1
  local append = self.session.loads and self.session.loads.append
  local text, ranges = render.footer_line(self.session.footer, self.layout, append)
  self:set_lines(row, -1, { text })
  vim.api.nvim_buf_clear_namespace(self.buf, ns, row, -1)
  highlight(self.buf, row, ranges)
  local note = render.footer_note(self.session.footer, append)
  if note then
    vim.api.nvim_buf_set_extmark(self.buf, ns, row, 0, { id = NOTE_MARK, virt_text = note, virt_text_pos = 'eol' })
  end
  self:draw_spinner()
end

--- The footer's spinner, while a page loads.
function View:draw_spinner()
  if self.session.footer == LOADING then
    vim.api.nvim_buf_set_extmark(self.buf, ns, #self.session.items + 1, 0, {
      id = SPINNER_MARK,
      virt_text = { { render.SPINNER[self.frame], 'FeedVMSpinner' } },
      virt_text_pos = 'overlay',
      virt_text_win_col = render.spinner_column(self.layout),
    })
  end
end

--- Item rows [from, to) (0-based item indices), replacing nothing: lines are inserted.
function View:insert_items(from, to)
  local items = self.session.items
  local lines, all_ranges = {}, {}
  for index = from, to - 1 do
    lines[#lines + 1], all_ranges[#all_ranges + 1] = render.item_line(index, items[index + 1], self.layout)
  end
  self:set_lines(from + 1, from + 1, lines)
  for offset, ranges in ipairs(all_ranges) do
    highlight(self.buf, from + offset, ranges)
    self:draw_badge(from + offset - 1)
  end
end

--- The loaded image's size after item `index`, when it is loaded.
function View:draw_badge(index)
  local item = self.session.items[index + 1]
  local image = item and self.session.images[item.id]
  if image then
    vim.api.nvim_buf_set_extmark(self.buf, ns, index + 1, 0, {
      virt_text = render.image_badge(image), virt_text_pos = 'eol',
    })
  end
end

--- Runs `fn`, then puts every window's cursor back on the line number it had (as a list
--- view keeps its offset): rows appended under the cursor do not drag it along.
function View:keeping_cursors(fn)
  local saved = {}
  for _, win in ipairs(vim.fn.win_findbuf(self.buf)) do
    saved[win] = vim.api.nvim_win_get_cursor(win)
  end
  fn()
  local last = vim.api.nvim_buf_line_count(self.buf)
  for win, cursor in pairs(saved) do
    vim.api.nvim_win_set_cursor(win, { math.min(cursor[1], last), cursor[2] })
  end
end

--- Runs `fn` (which redraws the whole list), then puts every window's cursor back on the item
--- it was on, at the same place on screen: a reload that inserts rows above the reader, or
--- a local edit, moves nothing under their eyes. A cursor whose item is gone stays on its line.
function View:keeping_items(fn)
  local saved = {}
  for _, win in ipairs(vim.fn.win_findbuf(self.buf)) do
    local cursor = vim.api.nvim_win_get_cursor(win)
    local view = vim.api.nvim_win_call(win, vim.fn.winsaveview)
    saved[win] = { cursor = cursor, offset = cursor[1] - view.topline, id = (self.shown_ids or {})[cursor[1] - 1] }
  end
  fn()
  local rows = {}
  for index, item in ipairs(self.session.items) do
    rows[item.id] = index + 1
  end
  local last = vim.api.nvim_buf_line_count(self.buf)
  for win, place in pairs(saved) do
    local row = place.id and rows[place.id]
    if row then
      vim.api.nvim_win_call(win, function()
        vim.fn.winrestview({ lnum = row, col = place.cursor[2], topline = math.max(1, row - place.offset) })
      end)
    else
      vim.api.nvim_win_set_cursor(win, { math.min(place.cursor[1], last), place.cursor[2] })
    end
  end
end

--- The layout for the current list and window, measuring items [from, count) anew.
function View:next_layout(from)
  local items = self.session.items
  if from == 0 or not self.longest then
    self.longest = { title = 0, author = 0 }
  end
  render.measure(items, from + 1, #items, self.longest)
  return render.layout(self:width(), #items, self.longest)
end

--- Everything, from scratch.
function View:draw_all()
  self.layout = self:next_layout(0)
  self:keeping_items(function()
    vim.api.nvim_buf_clear_namespace(self.buf, ns, 0, -1)
    self:set_lines(0, -1, { '', '' })
    self:draw_header()
    self:insert_items(0, #self.session.items)
    self:draw_footer()
  end)
  self:remember_ids()
end

--- The ids of the rows drawn, by item index (1-based), for `keeping_items`.
function View:remember_ids()
  local ids = {}
  for index, item in ipairs(self.session.items) do
    ids[index] = item.id
  end
  self.shown_ids = ids
end

--- Puts the cursor on the first item, as a pull-down refresh happens at the top.
function View:scroll_to_top()
  for _, win in ipairs(vim.fn.win_findbuf(self.buf)) do
    vim.api.nvim_win_set_cursor(win, { math.min(2, vim.api.nvim_buf_line_count(self.buf)), 0 })
  end
end

--- Redraws everything when the window's width changed the layout.
function View:relayout()
  if self.session and self.longest
      and not vim.deep_equal(self.layout, render.layout(self:width(), #self.session.items, self.longest)) then
    self:draw_all()
  end
end

--- Buffer variables for scripts and statuslines.
function View:set_vars()
  local s = self.session
  vim.b[self.buf].feedvm_session = s.id or ''
  vim.b[self.buf].feedvm_count = #s.items
  vim.b[self.buf].feedvm_status = s.status
  vim.b[self.buf].feedvm_state = render.state_word(s)
  vim.b[self.buf].feedvm_no_more_data = s.no_more_data
  local append = s.loads and s.loads.append or {}
  vim.b[self.buf].feedvm_end_reason = append.state == 'endOfList' and append.reason or ''
  vim.b[self.buf].feedvm_loads = s.loads
  vim.b[self.buf].feedvm_last_updated = s.last_updated or 0
  vim.b[self.buf].feedvm_stale = s.stale == true
  vim.b[self.buf].feedvm_stored_at = s.stored_at or vim.NIL
  vim.b[self.buf].feedvm_new_items = s.new_items and s.new_items.count or 0
end

--- Runs the spinner while a reload or a page load is on, stops it otherwise.
function View:animate()
  local busy = not self.session.closed and (self.session.refreshing or self.session.footer == LOADING)
  if busy and not self.timer then
    self.timer = (vim.uv or vim.loop).new_timer()
    self.timer:start(90, 90, vim.schedule_wrap(function()
      if not self.timer or not vim.api.nvim_buf_is_loaded(self.buf) then return end
      self.frame = self.frame % #render.SPINNER + 1
      self:draw_header_info()
      self:draw_spinner()
    end))
  elseif not busy and self.timer then
    self.timer:stop()
    self.timer:close()
    self.timer = nil
  end
end

-- Listener (session.lua): the session's state changed.

function View:on_sections(appended_from)
  local had_items = vim.api.nvim_buf_line_count(self.buf) > 2
  if appended_from and self.layout and vim.deep_equal(self.layout, self:next_layout(appended_from)) then
    self:keeping_cursors(function()
      self:insert_items(appended_from, #self.session.items)
    end)
    self:draw_header()
    self:remember_ids()
  else
    self:draw_all()
  end
  self:set_vars()
  if not had_items and #self.session.items > 0 then
    self:scroll_to_top()
  end
end

function View:on_status()
  self:draw_header()
  self:draw_footer()
  self:animate()
  self:set_vars()
  vim.api.nvim_buf_call(self.buf, function()
    vim.api.nvim_exec_autocmds('User', { pattern = 'FeedVMStatus', modeline = false })
  end)
end

local HUD_LEVELS = { success = vim.log.levels.INFO, info = vim.log.levels.INFO, error = vim.log.levels.ERROR }

function View:on_hud(params)
  local level = params.warning and vim.log.levels.WARN or HUD_LEVELS[params.style] or vim.log.levels.INFO
  vim.notify('FeedVM: ' .. params.message, level)
end

function View:on_new_items()
  self:draw_header()
  self:set_vars()
end

function View:on_image(index)
  self:draw_badge(index)
end

function View:on_error(message)
  vim.notify('FeedVM: ' .. message, vim.log.levels.ERROR)
end

function View:on_closed()
  self:animate()
  self:draw_header()
  self:draw_footer()
  self:set_vars()
end

--- Stops drawing (the buffer is going away; the session is disposed with it).
function View:close()
  self.session:dispose()
  self:animate()
  M.by_buffer[self.buf] = nil
end

return M
