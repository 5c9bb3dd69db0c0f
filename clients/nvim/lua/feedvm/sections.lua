--- A session's list as the client keeps it: sections of items, updated from `sections`
--- notifications (protocol/README.md §7 and §9). Pure functions, no Neovim state.
local M = {}

--- The items of one section after `change` (§9: deletes and move sources index the old
--- list; inserts, move targets and updates index the new one).
---@param old table[] the section's items before
---@param change table {deleted?, inserted?, moved?, updated?, count?}
---@return table[]|nil items
---@return string|nil error
local function apply_section(old, change)
  local deleted = change.deleted or {}
  local inserted = change.inserted or {}
  local moved = change.moved or {}
  local removed = {}
  local function remove(index)
    if index < 0 or index >= #old or removed[index] then
      return ('bad deleted or moved index %d (%d old items)'):format(index, #old)
    end
    removed[index] = true
  end
  for _, index in ipairs(deleted) do
    local err = remove(index)
    if err then return nil, err end
  end
  for _, move in ipairs(moved) do
    local err = remove(move.from)
    if err then return nil, err end
  end
  local size = #old - #deleted + #inserted
  local new = {}
  local function place(index, item)
    if index < 0 or index >= size or new[index + 1] ~= nil then
      return ('bad target index %d for %d items'):format(index, size)
    end
    new[index + 1] = item
  end
  for _, move in ipairs(moved) do
    local err = place(move.to, old[move.from + 1])
    if err then return nil, err end
  end
  for _, insert in ipairs(inserted) do
    local err = place(insert.index, insert.item)
    if err then return nil, err end
  end
  -- The items neither deleted nor moved keep their order in the free slots.
  local slot = 1
  for index, item in ipairs(old) do
    if not removed[index - 1] then
      while new[slot] ~= nil do slot = slot + 1 end
      if slot > size then
        return nil, 'more items kept than the new list holds'
      end
      new[slot] = item
    end
  end
  for index = 1, size do
    if new[index] == nil then
      return nil, ('slot %d left empty'):format(index - 1)
    end
  end
  for _, update in ipairs(change.updated or {}) do
    if update.index < 0 or update.index >= size then
      return nil, ('updated index %d outside %d items'):format(update.index, size)
    end
    new[update.index + 1] = update.item
  end
  if change.count ~= nil and change.count ~= size then
    return nil, ('section holds %d items, the server counts %d'):format(size, change.count)
  end
  return new
end

--- Applies a SectionChanges object to `sections` (a list of {items, header?}).
---@param sections table[]
---@param changes table {baseRevision, sections = {{section, count, deleted, inserted, moved, updated}}}
---@return table[]|nil new_sections (the input is left unchanged)
---@return string|nil error
function M.apply(sections, changes)
  local result = {}
  for k, change in ipairs(changes.sections or {}) do
    local old = sections[k] or { items = {} }
    local items, err = apply_section(old.items or {}, change)
    if not items then
      return nil, ('section %d: %s'):format(k - 1, err)
    end
    result[k] = { header = old.header, items = items }
  end
  return result
end

--- Whether `changes` only appends items at the end of a single-section list: the common
--- load-more case, which a view can draw without redrawing the rows it has.
---@param old_count integer items before
---@param changes table
---@return boolean
function M.is_append(old_count, changes)
  local list = changes.sections or {}
  if #list ~= 1 then
    return false
  end
  local change = list[1]
  if #(change.deleted or {}) > 0 or #(change.moved or {}) > 0 or #(change.updated or {}) > 0 then
    return false
  end
  for offset, insert in ipairs(change.inserted or {}) do
    if insert.index ~= old_count + offset - 1 then
      return false
    end
  end
  return true
end

--- The items of all sections in order: the indices `willDisplay` and `loadImage` take.
---@param sections table[]
---@return table[]
function M.flatten(sections)
  local items = {}
  for _, section in ipairs(sections) do
    for _, item in ipairs(section.items or {}) do
      items[#items + 1] = item
    end
  end
  return items
end

return M
