--- Screenshots of a terminal: drives a program in a private tmux server of a fixed size,
--- captures the pane with its colours (`capture-pane -e`) and paints it to a PNG with
--- ImageMagick (an MVG drawing: one rectangle per background run, text per foreground run).
local S = {}

S.FONT_SIZE = 16
S.CELL_W = 9.64 -- DejaVu Sans Mono's advance (1233/2048 em) at 16 px
S.CELL_H = 20
S.PAD = 10
S.DEFAULT_FG = { 0xd4, 0xd4, 0xd4 }
S.DEFAULT_BG = { 0x1e, 0x1f, 0x26 }

local function font(style)
  local file = vim.fn.trim(vim.fn.system({ 'fc-match', '-f', '%{file}', 'DejaVu Sans Mono:style=' .. style }))
  return vim.v.shell_error == 0 and file or nil
end

--- The xterm 256-colour palette.
local function palette(n)
  local base = {
    { 0, 0, 0 }, { 205, 49, 49 }, { 13, 188, 121 }, { 229, 229, 16 }, { 36, 114, 200 }, { 188, 63, 188 },
    { 17, 168, 205 }, { 229, 229, 229 }, { 102, 102, 102 }, { 241, 76, 76 }, { 35, 209, 139 },
    { 245, 245, 67 }, { 59, 142, 234 }, { 214, 112, 214 }, { 41, 184, 219 }, { 255, 255, 255 },
  }
  if n < 16 then
    return base[n + 1]
  elseif n < 232 then
    local i = n - 16
    local function level(v) return v == 0 and 0 or 55 + v * 40 end
    return { level(math.floor(i / 36)), level(math.floor(i / 6) % 6), level(i % 6) }
  end
  local grey = 8 + (n - 232) * 10
  return { grey, grey, grey }
end

--- Applies one SGR sequence's parameters to `style`.
local function apply_sgr(style, params)
  local codes = {}
  for _, code in ipairs(vim.split(params == '' and '0' or params, '[;:]')) do
    codes[#codes + 1] = tonumber(code) or 0
  end
  local i = 1
  while i <= #codes do
    local c = codes[i]
    if c == 0 then
      style.fg, style.bg, style.bold, style.reverse, style.underline = nil, nil, false, false, false
    elseif c == 1 then style.bold = true
    elseif c == 22 then style.bold = false
    elseif c == 4 then style.underline = true
    elseif c == 24 then style.underline = false
    elseif c == 7 then style.reverse = true
    elseif c == 27 then style.reverse = false
    elseif c >= 30 and c <= 37 then style.fg = palette(c - 30)
    elseif c >= 90 and c <= 97 then style.fg = palette(c - 90 + 8)
    elseif c >= 40 and c <= 47 then style.bg = palette(c - 40)
    elseif c >= 100 and c <= 107 then style.bg = palette(c - 100 + 8)
    elseif c == 39 then style.fg = nil
    elseif c == 49 then style.bg = nil
    elseif (c == 38 or c == 48) and codes[i + 1] == 5 then
      style[c == 38 and 'fg' or 'bg'] = palette(codes[i + 2] or 0)
      i = i + 2
    elseif (c == 38 or c == 48) and codes[i + 1] == 2 then
      style[c == 38 and 'fg' or 'bg'] = { codes[i + 2] or 0, codes[i + 3] or 0, codes[i + 4] or 0 }
      i = i + 4
    end
    i = i + 1
  end
end

--- Parses `capture-pane -p -e` output into rows of cells {char, fg, bg, bold, underline}.
function S.parse(text, width, height)
  local rows = {}
  local style = { bold = false, reverse = false, underline = false }
  local lines = vim.split(text, '\n', { plain = true })
  for r = 1, height do
    local row = {}
    local line = lines[r] or ''
    local pos = 1
    while pos <= #line do
      local params, after = line:match('^\27%[([%d;:]*)m()', pos)
      if params then
        apply_sgr(style, params)
        pos = after
      else
        local char = line:match('^[%z\1-\127\194-\244][\128-\191]*', pos)
        pos = pos + #char
        local fg, bg = style.fg or S.DEFAULT_FG, style.bg or S.DEFAULT_BG
        if style.reverse then fg, bg = bg, fg end
        row[#row + 1] = { char = char, fg = fg, bg = bg, bold = style.bold, underline = style.underline }
        if vim.fn.strdisplaywidth(char) == 2 then
          row[#row + 1] = { char = '', fg = fg, bg = bg }
        end
      end
    end
    while #row < width do
      row[#row + 1] = { char = ' ', fg = S.DEFAULT_FG, bg = style.reverse and S.DEFAULT_FG or S.DEFAULT_BG }
    end
    rows[r] = row
  end
  return rows
end

--- Box-drawing characters as strokes {left, right, up, down} from the cell's centre: drawn
--- as lines, since a font's glyphs leave gaps between rows of a taller cell.
local BOX = {
  ['─'] = { 1, 1, 0, 0 }, ['│'] = { 0, 0, 1, 1 },
  ['╭'] = { 0, 1, 0, 1 }, ['┌'] = { 0, 1, 0, 1 }, ['╮'] = { 1, 0, 0, 1 }, ['┐'] = { 1, 0, 0, 1 },
  ['╰'] = { 0, 1, 1, 0 }, ['└'] = { 0, 1, 1, 0 }, ['╯'] = { 1, 0, 1, 0 }, ['┘'] = { 1, 0, 1, 0 },
}

local function hex(rgb)
  return ('#%02x%02x%02x'):format(rgb[1], rgb[2], rgb[3])
end

local function quote(text)
  return '"' .. text:gsub('\\', '\\\\'):gsub('"', '\\"') .. '"'
end

--- An MVG drawing of `rows`, with a block cursor at (cursor_x, cursor_y), 0-based.
function S.mvg(rows, width, height, cursor_x, cursor_y)
  local regular, bold = font('Book'), font('Bold')
  local fallback = vim.fn.trim(vim.fn.system({ 'fc-match', '-f', '%{file}', 'DejaVu Sans' }))
  local W = math.ceil(width * S.CELL_W + 2 * S.PAD)
  local Hh = height * S.CELL_H + 2 * S.PAD
  local out = {
    ('viewbox 0 0 %d %d'):format(W, Hh),
    'fill ' .. quote(hex(S.DEFAULT_BG)), ('rectangle 0,0 %d,%d'):format(W, Hh),
    ('font-size %d'):format(S.FONT_SIZE),
  }
  local function x_of(col) return S.PAD + col * S.CELL_W end
  for r, row in ipairs(rows) do
    local y = S.PAD + (r - 1) * S.CELL_H
    if cursor_y == r - 1 and row[cursor_x + 1] then
      local cell = row[cursor_x + 1]
      cell.fg, cell.bg = cell.bg, { 0xe0, 0xe0, 0xe0 }
    end
    for c, cell in ipairs(row) do
      if hex(cell.bg) ~= hex(S.DEFAULT_BG) then
        out[#out + 1] = 'fill ' .. quote(hex(cell.bg))
        out[#out + 1] = ('rectangle %.1f,%d %.1f,%d'):format(x_of(c - 1), y, x_of(c), y + S.CELL_H)
      end
    end
    for c, cell in ipairs(row) do
      local box = BOX[cell.char]
      if box then
        local x0, x1 = x_of(c - 1), x_of(c)
        local xm, ym = (x0 + x1) / 2, y + S.CELL_H / 2
        out[#out + 1] = 'fill ' .. quote(hex(cell.fg))
        local strokes = {
          { x0, ym, xm + 0.5, ym + 1 }, { xm - 0.5, ym, x1, ym + 1 },
          { xm - 0.5, y, xm + 0.5, ym + 1 }, { xm - 0.5, ym, xm + 0.5, y + S.CELL_H },
        }
        for k = 1, 4 do
          if box[k] == 1 then
            out[#out + 1] = ('rectangle %.1f,%.1f %.1f,%.1f'):format(unpack(strokes[k]))
          end
        end
      elseif cell.char ~= ' ' and cell.char ~= '' then
        local braille = cell.char:byte() == 0xE2 and cell.char:byte(2) >= 0xA0 and cell.char:byte(2) <= 0xA3
        out[#out + 1] = 'font ' .. quote(braille and fallback or (cell.bold and bold or regular))
        out[#out + 1] = 'fill ' .. quote(hex(cell.fg))
        out[#out + 1] = ('text %.1f,%d %s'):format(x_of(c - 1), y + S.CELL_H - 5, quote(cell.char))
      end
      if cell.underline then
        out[#out + 1] = 'fill ' .. quote(hex(cell.fg))
        out[#out + 1] = ('rectangle %.1f,%d %.1f,%d'):format(x_of(c - 1), y + S.CELL_H - 2, x_of(c), y + S.CELL_H - 1)
      end
    end
  end
  return table.concat(out, '\n'), W, Hh
end

--- A tmux server of its own (socket name `name`), running `argv` in a `width`x`height` pane.
---@return table terminal {name, width, height}
function S.start(name, argv, width, height)
  local t = { name = name, width = width, height = height }
  local command = table.concat(vim.tbl_map(vim.fn.shellescape, argv), ' ')
  vim.fn.system({ 'tmux', '-L', name, '-f', '/dev/null', 'new-session', '-d', '-x', tostring(width),
    '-y', tostring(height), command })
  if vim.v.shell_error ~= 0 then
    error('tmux new-session failed')
  end
  vim.fn.system({ 'tmux', '-L', name, 'set-option', '-g', 'status', 'off' })
  return t
end

--- The pane's text (no colours).
function S.text(t)
  return vim.fn.system({ 'tmux', '-L', t.name, 'capture-pane', '-p' })
end

--- Types keys in tmux's notation ('G', 'Enter', 'Escape').
function S.keys(t, ...)
  vim.fn.system({ 'tmux', '-L', t.name, 'send-keys', ... })
end

--- Paints the pane to `png`.
function S.save(t, png)
  local ansi = vim.fn.system({ 'tmux', '-L', t.name, 'capture-pane', '-p', '-e', '-N' })
  local cursor = vim.split(vim.fn.trim(vim.fn.system({ 'tmux', '-L', t.name, 'display-message', '-p',
    '#{cursor_x} #{cursor_y}' })), ' ')
  local drawing, w, h = S.mvg(S.parse(ansi, t.width, t.height), t.width, t.height,
    tonumber(cursor[1]), tonumber(cursor[2]))
  local mvg = png:gsub('%.png$', '') .. '.mvg'
  vim.fn.writefile(vim.split(drawing, '\n', { plain = true }), mvg)
  local out = vim.fn.system({ 'convert', '-size', w .. 'x' .. h, 'mvg:' .. mvg, png })
  vim.fn.delete(mvg)
  if vim.v.shell_error ~= 0 then
    error('convert failed: ' .. out)
  end
end

--- Ends the tmux server (only this one, by its socket name).
function S.stop(t)
  vim.fn.system({ 'tmux', '-L', t.name, 'kill-server' })
end

return S
