--- The categories a source is known to have, offered by `c` and by `:FeedVM`'s completion.
--- Sources not listed take any category, typed in.
local M = {}

M.SOURCES = { 'stub', 'gank', 'unsplash', 'envelope', 'custom' }

M.BY_SOURCE = {
  -- Sources/FeedSources/StubCatalog.swift
  stub = { 'all', 'Android', 'iOS', 'welfare' },
  -- gank.io v1's types (seed 001)
  gank = { 'all', 'Android', 'iOS', '休息视频', '福利', '拓展资源', '前端', '瞎推荐', 'App' },
}

--- The known categories of `source`, or nil when any may be typed.
---@param source string
---@return string[]|nil
function M.for_source(source)
  return M.BY_SOURCE[source]
end

--- The category the server uses when the input names none.
function M.default(source)
  local known = M.BY_SOURCE[source or 'stub']
  return known and known[1] or nil
end

return M
