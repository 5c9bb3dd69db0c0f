--- The card `<CR>` shows under an item: its title, the loaded image's size, type and cache
--- path, in a floating window that closes when the cursor moves on.
local render = require('feedvm.render')

local M = {}

local ns = vim.api.nvim_create_namespace('feedvm.preview')

--- `text` cut into pieces at most `width` bytes long (paths are ASCII in practice).
local function chunks(text, width)
  local out = {}
  for start = 1, #text, width do
    out[#out + 1] = text:sub(start, start + width - 1)
  end
  return out
end

--- The card's lines and their highlight groups.
---@return string[] lines
---@return string[] groups
function M.lines(item, image, width)
  local lines = { item.title or item.id, render.describe_image(image) }
  local groups = { 'FeedVMPreviewTitle', 'FeedVMInfo' }
  for _, piece in ipairs(chunks(image.path or '', width)) do
    lines[#lines + 1] = piece
    groups[#groups + 1] = 'FeedVMPreviewPath'
  end
  return lines, groups
end

--- Shows the card under the cursor of the current window; returns the float's window id.
function M.show(item, image)
  local width = math.max(20, math.min(vim.o.columns - 6, math.max(
    vim.fn.strdisplaywidth(item.title or ''), vim.fn.strdisplaywidth(render.describe_image(image)),
    #(image.path or ''))))
  local lines, groups = M.lines(item, image, width)
  local buf = vim.api.nvim_create_buf(false, true)
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines)
  for row, group in ipairs(groups) do
    vim.api.nvim_buf_set_extmark(buf, ns, row - 1, 0, { end_col = #lines[row], hl_group = group })
  end
  vim.bo[buf].modifiable = false
  vim.bo[buf].bufhidden = 'wipe'
  local win = vim.api.nvim_open_win(buf, false, {
    relative = 'cursor', row = 1, col = 0, width = width, height = #lines,
    style = 'minimal', border = 'rounded', focusable = false, noautocmd = true,
  })
  vim.wo[win].winhighlight = 'NormalFloat:FeedVMPreview,FloatBorder:FeedVMPreviewBorder'
  local group = vim.api.nvim_create_augroup('feedvm.preview', { clear = true })
  vim.api.nvim_create_autocmd({ 'CursorMoved', 'BufLeave', 'InsertEnter' }, {
    group = group, buffer = vim.api.nvim_get_current_buf(),
    callback = function()
      if vim.api.nvim_win_is_valid(win) then
        vim.api.nvim_win_close(win, true)
      end
      vim.api.nvim_del_augroup_by_id(group)
    end,
  })
  return win
end

return M
