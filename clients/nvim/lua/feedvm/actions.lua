--- What the keys and the cursor of a feed buffer do: paging when the cursor nears the end
--- (willDisplay), `r` reload, `R` retry, `c` category, `<CR>` image, `q` close, `g?` help.
local preview = require('feedvm.preview')
local categories = require('feedvm.categories')

local M = {}

--- The 0-based item index on buffer line `line` (the footer counts as the last item when
--- `footer_is_last`), or nil on the header.
function M.index_at(view, line, footer_is_last)
  local count = #view.session.items
  local index = line - 2
  if index < 0 or count == 0 then
    return nil
  end
  if index >= count then
    return footer_is_last and count - 1 or nil
  end
  return index
end

--- CursorMoved: near the end of the list, tell the server the last items are shown; it
--- loads the next page (prefetch) when fewer than prefetchDistance items remain below.
function M.cursor_moved(view)
  local s = view.session
  if s.closed or not s.id or s.no_more_data or view.displaying
      or vim.api.nvim_get_current_buf() ~= view.buf then
    return
  end
  local index = M.index_at(view, vim.api.nvim_win_get_cursor(0)[1], true)
  local count = #s.items
  if not index or index < count - (s.input.prefetchDistance or 3) then
    return
  end
  view.displaying = true
  s:will_display(index, function(err)
    view.displaying = false
    -- The cursor may still be near the end after a short page: look again.
    if not err and #s.items > count then
      M.cursor_moved(view)
    end
  end)
end

--- `r`: pull-down refresh; restarts the session when its process has ended.
function M.reload(view)
  local s = view.session
  if s.closed then
    local ok, err = s:start()
    if ok then
      view:draw_all()
      view:set_vars()
    else
      view:on_error(err)
    end
    return
  end
  view:scroll_to_top()
  s:reload()
end

--- `n`: shows the new items a background reload announced, at the top.
function M.show_new(view)
  local s = view.session
  if s.closed or not s.new_items then return end
  s:show_new(function(err)
    if not err then
      view:scroll_to_top()
      view:draw_header()
      view:set_vars()
    end
  end)
end

--- `R`: runs the failed load (the reload, else the load-more) again with the same page.
function M.retry(view)
  local s = view.session
  if s.closed then
    return M.reload(view)
  end
  s:retry(function(err, result)
    if not err and result and result.retried == false then
      vim.notify('FeedVM: nothing failed, nothing to retry', vim.log.levels.INFO)
    end
  end)
end

--- Switches the buffer to `category` (updateInput, then a reload).
function M.switch_category(view, category)
  local s = view.session
  if s.closed or category == view:category() then
    return
  end
  s:update_input({ category = category })
  view:scroll_to_top()
  view:rename()
  view:draw_header()
end

--- `c`: picks a category among the source's (vim.ui.select), or asks for one (vim.ui.input).
function M.choose_category(view)
  local current = view:category()
  local function choose(choice)
    if choice and choice ~= '' then
      M.switch_category(view, choice)
    end
  end
  local known = categories.for_source(view.session.input.source or 'stub')
  if known then
    vim.ui.select(known, {
      prompt = 'FeedVM category',
      format_item = function(category)
        return category == current and (category .. ' (current)') or category
      end,
    }, choose)
  else
    vim.ui.input({ prompt = 'FeedVM category: ', default = current or '' }, choose)
  end
end

--- Opens a loaded image with g:feedvm_open_image: a shell command (the path is appended),
--- an argv list, or a Lua function(path, image).
function M.open_with(opener, image)
  if type(opener) == 'function' then
    opener(image.path, image)
  elseif type(opener) == 'table' and #opener > 0 then
    local argv = vim.deepcopy(opener)
    argv[#argv + 1] = image.path
    vim.fn.jobstart(argv, { detach = true })
  elseif type(opener) == 'string' and opener ~= '' then
    vim.fn.jobstart(opener .. ' ' .. vim.fn.shellescape(image.path), { detach = true })
  end
end

--- `<CR>`: loads the image of the item under the cursor and shows its size, type and cache
--- path in a card under the item.
function M.open_image(view)
  local s = view.session
  local index = M.index_at(view, vim.api.nvim_win_get_cursor(0)[1], false)
  if s.closed or not index then
    return
  end
  local item = s.items[index + 1]
  if type(item.imageURL) ~= 'string' or item.imageURL == '' then
    vim.notify(('FeedVM: "%s" has no image'):format(item.title or item.id), vim.log.levels.WARN)
    return
  end
  s:load_image(index, function(err, image)
    if err or not image then
      return
    end
    if vim.api.nvim_get_current_buf() == view.buf then
      preview.show(item, image)
    end
    M.open_with(vim.g.feedvm_open_image, image)
  end)
end

local KEYS = {
  { 'r', M.reload, 'reload (pull down)' },
  { 'R', M.retry, 'retry the failed load' },
  { 'c', M.choose_category, 'switch category' },
  { '<CR>', M.open_image, 'load the image under the cursor' },
  { 'q', function(view) vim.api.nvim_buf_delete(view.buf, { force = true }) end, 'close the feed' },
  { 'n', function(view) M.show_new(view) end, 'show new items' },
  { 'g?', function() vim.cmd('help feedvm-mappings') end, 'help' },
}

--- Buffer-local mappings and autocommands of a feed buffer.
function M.attach(view)
  for _, key in ipairs(KEYS) do
    vim.keymap.set('n', key[1], function() key[2](view) end,
      { buffer = view.buf, nowait = true, silent = true, desc = 'FeedVM: ' .. key[3] })
  end
  local group = vim.api.nvim_create_augroup('feedvm.buffer.' .. view.buf, { clear = true })
  vim.api.nvim_create_autocmd('CursorMoved', {
    group = group, buffer = view.buf,
    callback = function() M.cursor_moved(view) end,
  })
  vim.api.nvim_create_autocmd({ 'BufUnload', 'BufWipeout' }, {
    group = group, buffer = view.buf,
    callback = function()
      view:close()
      pcall(vim.api.nvim_del_augroup_by_id, group)
    end,
  })
  vim.api.nvim_create_autocmd('BufWinEnter', {
    group = group, buffer = view.buf,
    callback = function()
      view:set_window_options(vim.api.nvim_get_current_win())
      view:relayout()
    end,
  })
end

return M
