--- One FeedVM session (one view model on the server) and the client's copy of its state:
--- the list, its revision, the refresh controls' state, the loaded images. It speaks the
--- protocol (§6) and turns notifications (§7) into calls on its listener; it draws nothing.
local rpc = require('feedvm.rpc')
local sections = require('feedvm.sections')

local M = {}

--- Footer states, from MJRefresh's auto footer.
M.FOOTER_HIDDEN = 'hidden'
M.FOOTER_IDLE = 'idle'
M.FOOTER_LOADING = 'loading'
M.FOOTER_NO_MORE_DATA = 'noMoreData'
--- The last load-more failed (the append load state is `error`): `R` retries it.
M.FOOTER_ERROR = 'error'

--- Errors a load already reported through its `hud` notification.
local PAGE_FAILED = -32002

---@class feedvm.Listener
---@field on_sections fun(appended_from: integer|nil) the list changed (appended_from: rows kept)
---@field on_status fun(params: table) a refreshStatus notification was applied
---@field on_hud fun(params: table)
---@field on_image fun(index: integer, image: table|nil, error: table|nil)
---@field on_error fun(message: string) a request failed in a way no notification reported
---@field on_closed fun(reason: string) the session is gone (process ended)
---@field on_new_items fun(params: table)|nil a background reload announced new items (`newItems`)

--- The state of the reload (`refresh`) or the load-more (`append`), protocol 1.2 (§5).
---@class feedvm.LoadState
---@field state 'idle'|'loading'|'error'|'endOfList'
---@field attempt integer|nil loading: the attempt under way or waited for
---@field retryInMs integer|nil loading: the wait before that attempt, after `lastError`
---@field lastError table|nil loading: {code, message, status?, url?, reason?} of the attempt before
---@field code integer|nil error: the error code the load was answered with
---@field message string|nil error: its message
---@field status integer|nil error: the HTTP status, when there was one
---@field reason string|nil error: the fault (timedOut, ...); endOfList: why the list ended
---@field retryable boolean|nil error: whether trying again may help
---@field attempts integer|nil error: the attempts made

---@class feedvm.Session
---@field id string|nil the server's session id, once `transform` answered
---@field input table the Input (§5) the session was made with, updates included
---@field revision integer
---@field sections table[]
---@field items table[] all sections' items, in order
---@field status string the latest refresh status name
---@field footer string one of M.FOOTER_*
---@field refreshing boolean a pull-down reload is running
---@field no_more_data boolean the end of the list is known
---@field page integer pages loaded
---@field loads {refresh: feedvm.LoadState, append: feedvm.LoadState} the load states
---@field last_updated integer|nil when the last reload succeeded (ms since 1970)
---@field images table<string, table> item id -> Image, for the images loaded so far
---@field status_notifications integer refreshStatus notifications received
---@field received {snapshot: integer, changes: integer} `sections` notifications of each form
---@field closed boolean disposed, or its process ended
---@field error string|nil why the session ended, when its process did
---@field generation integer counts starts, so a late answer for an older start is dropped
---@field stale boolean the list is the feed's stored one, no reload confirmed it yet (1.2)
---@field stored_at integer|nil when a stale list was fetched, in milliseconds since 1970
---@field new_items table|nil the latest `newItems` ({count, ids}) not shown yet
local Session = {}
Session.__index = Session
M.Session = Session

--- Creates the session on the server, binds both refresh controls and loads the first page.
---@param input table the Input of `transform`
---@param listener feedvm.Listener
---@return feedvm.Session|nil
---@return string|nil error (no server could be started)
function M.open(input, listener)
  local self = setmetatable({ input = vim.deepcopy(input), listener = listener }, Session)
  local ok, err = self:start()
  if not ok then
    return nil, err
  end
  return self
end

--- (Re)starts the session from an empty list, in the live process (started if needed).
---@return boolean ok
---@return string|nil error
function Session:start()
  local connection, err = rpc.get()
  if not connection then
    return false, err
  end
  self.connection = connection
  self.generation = (self.generation or 0) + 1
  self.id = nil
  self.closed = false
  self.error = nil
  self.status = 'none'
  self.footer = M.FOOTER_HIDDEN
  self.refreshing = false
  self.no_more_data = false
  self.page = 0
  self.loads = { refresh = { state = 'idle' }, append = { state = 'idle' } }
  self.last_updated = nil
  self.stale = false
  self.stored_at = nil
  self.new_items = nil
  self.images = {}
  self.status_notifications = self.status_notifications or 0
  self.received = self.received or { snapshot = 0, changes = 0 }
  self:set_list({}, 0)
  connection:when_ready(function()
    self:create()
  end)
  return true
end

--- `transform`, `bindRefreshStatus`, then a reload.
function Session:create()
  local generation = self.generation
  self.connection:request('transform', { input = self.input }, function(err, result)
    if err then
      -- No session was made (bad input, or the process ended): closed; `r` tries again.
      if err.code ~= rpc.EXITED then
        self:fail('transform: ' .. err.message)
      end
      self:on_connection_lost(err.message, false)
      return
    end
    if self.closed or generation ~= self.generation then -- gone while transform was on its way
      self.connection:request('dispose', { session = result.session })
      return
    end
    self.id = result.session
    self.connection.sessions[self.id] = self
    self:set_list(result.output.sections, 0)
    self.stale = result.output.stale == true
    self.stored_at = result.output.storedAt
    self:call('bindRefreshStatus', { header = true, footer = true }, function(bind_err, status)
      if not bind_err then
        self:apply_status(status)
      end
      self:reload()
    end)
  end)
end

--- A request about this session (`session` added to `params`); errors nothing else
--- reports go to the listener. Requests before `transform` answered wait for it.
function Session:call(method, params, callback)
  params.session = self.id
  self.connection:request(method, params, function(err, result)
    if err and err.code ~= rpc.CANCELLED and err.code ~= PAGE_FAILED and not self.closed then
      self:fail(('%s: %s'):format(method, err.message))
    end
    if callback then
      callback(err, result)
    end
  end)
end

--- Pull-down refresh: the first page replaces the list.
function Session:reload(callback)
  if not self.id then return end
  self:call('requestCommand', { reload = true }, function(err, result)
    if not err then self.page = result.page end
    if callback then callback(err, result) end
  end)
end

--- Runs the failed load again with the same page (`requestCommand {retry: true}`); the
--- answer is `{retried = false}` when nothing had failed.
function Session:retry(callback)
  if not self.id then return end
  self:call('requestCommand', { retry = true }, function(err, result)
    if not err and result.retried and result.page then self.page = result.page end
    if callback then callback(err, result) end
  end)
end

--- The size and format members of `options` (`size`, `maxPixelSize`, `format`; protocol 1.2)
--- added to `params`.
local function with_image_options(params, options)
  for _, key in ipairs({ 'size', 'maxPixelSize', 'format', 'variant' }) do
    if options and options[key] ~= nil then params[key] = options[key] end
  end
  return params
end

--- The view shows item `index` (0-based): the server prefetches the next page near the end,
--- loads the row's image (at `options.size`/`maxPixelSize` and `format` when given) and
--- prefetches the next rows' images; `callback(err, {loadMore, image, ready})`.
---@param options table|nil {size?: {maxWidth?, maxHeight?}, maxPixelSize?: integer, format?: string, variant?: string}
function Session:will_display(index, callback, options)
  if not self.id then return end
  self:call('willDisplay', with_image_options({ index = index }, options), callback)
end

--- Replaces members of the input (e.g. the category); the list is cleared, then reloaded.
---@param changes table members of Input
function Session:update_input(changes, callback)
  if not self.id then return end
  self.input = vim.tbl_extend('force', self.input, changes)
  self:call('updateInput', { input = changes }, function(err, result)
    if not err then
      self:reload()
    end
    if callback then callback(err, result) end
  end)
end

--- Loads the image of item `index` (0-based); `callback(err, image)`. `options` as
--- `will_display`'s, plus `refresh = true` to download it again.
---@param options table|nil {size?, maxPixelSize?, format?, variant?, refresh?: boolean}
function Session:load_image(index, callback, options)
  if not self.id then return end
  local params = with_image_options({ index = index }, options)
  if options and options.refresh then params.refresh = true end
  self:call('loadImage', params, callback)
end

--- Shows the new items a background reload announced (`requestCommand {showNew}`).
function Session:show_new(callback)
  if not self.id then return end
  self:call('requestCommand', { showNew = true }, function(err, result)
    if not err then
      self.new_items = nil
      self.page = result.page
    end
    if callback then callback(err, result) end
  end)
end

--- A local edit: sets `fields` on item `id` (`updateItem`); the change arrives as `sections`.
function Session:update_item(id, fields, callback)
  if not self.id then return end
  self:call('updateItem', { id = id, fields = fields }, callback)
end

--- A local edit: hides item `id` for good (`removeItem`).
function Session:remove_item(id, callback)
  if not self.id then return end
  self:call('removeItem', { id = id }, callback)
end

--- Disposes the session on the server; nothing is sent for it afterwards.
function Session:dispose()
  if self.closed then return end
  self.closed = true
  if self.id and not self.connection.exited then
    self.connection.sessions[self.id] = nil
    self.connection:request('dispose', { session = self.id })
  end
end

function Session:fail(message)
  self.listener:on_error(message)
end

--- Replaces the whole list (a snapshot).
function Session:set_list(list, revision)
  self.sections = list or {}
  self.items = sections.flatten(self.sections)
  self.revision = revision
end

--- A notification for this session (§7).
function Session:on_notification(method, params)
  if self.closed then return end
  if method == 'sections' then
    self:apply_sections(params)
  elseif method == 'refreshStatus' then
    self.status_notifications = self.status_notifications + 1
    self:apply_status(params)
    self.listener:on_status(params)
  elseif method == 'hud' then
    self.listener:on_hud(params)
  elseif method == 'newItems' then
    self.new_items = params
    if self.listener.on_new_items then
      self.listener:on_new_items(params)
    end
  elseif method == 'imageDownloaded' then
    local item = self.items[params.index + 1]
    if item and params.image then
      self.images[item.id] = params.image
    end
    self.listener:on_image(params.index, params.image, params.error)
  end
end

--- Counts pages: a reload's list is page 1, each load-more adds one (the requestCommand
--- results say the same; willDisplay's do not carry the page).
function Session:count_page()
  if #self.items == 0 then
    self.page = 0
  elseif self.refreshing then
    self.page = 1
  elseif self.footer == M.FOOTER_LOADING then
    self.page = self.page + 1
  end
end

function Session:apply_sections(params)
  self.stale = params.stale == true
  self.stored_at = params.storedAt
  if params.sections then
    self.received.snapshot = self.received.snapshot + 1
    self:set_list(params.sections, params.revision)
    self:count_page()
    self.listener:on_sections(nil)
    return
  end
  local changes = params.changes
  self.received.changes = self.received.changes + 1
  if changes.baseRevision ~= self.revision then
    self:resync(('changes for revision %s, the list is at %d'):format(
      tostring(changes.baseRevision), self.revision))
    return
  end
  local new, err = sections.apply(self.sections, changes)
  if not new then
    self:resync(err)
    return
  end
  local old_count = #self.items
  local appended = sections.is_append(old_count, changes)
  self:set_list(new, params.revision or changes.revision)
  self:count_page()
  self.listener:on_sections(appended and old_count or nil)
end

--- The copy lost sync with the server (a bug, §9): start over in a new session.
function Session:resync(reason)
  self:fail('list out of sync (' .. reason .. '); reopening the session')
  self:dispose()
  self:start()
  self.listener:on_sections(nil)
end

--- Applies a RefreshStatus (from a notification or the bind result).
function Session:apply_status(params)
  local status = params.status
  self.status = status
  if status == 'beingHeaderRefresh' then
    self.refreshing = true
  elseif status == 'endHeaderRefresh' then
    self.refreshing = false
  elseif status == 'beingFooterRefresh' then
    self.footer = M.FOOTER_LOADING
  elseif status == 'endFooterRefresh' then
    self.footer = M.FOOTER_IDLE
  elseif status == 'noMoreData' then
    self.footer = M.FOOTER_NO_MORE_DATA
    self.no_more_data = true
  elseif status == 'footerStatus' then
    self.no_more_data = params.isNoMoreData == true
    if params.isHidden then
      self.footer = M.FOOTER_HIDDEN
    elseif self.no_more_data then
      self.footer = M.FOOTER_NO_MORE_DATA
    else
      self.footer = M.FOOTER_IDLE
    end
  end
  if params.refresh then self.loads.refresh = params.refresh end
  if params.append then self.loads.append = params.append end
  if params.lastUpdated then self.last_updated = params.lastUpdated end
  if self.loads.append.state == 'error' and self.footer == M.FOOTER_IDLE then
    self.footer = M.FOOTER_ERROR
  end
end

--- The session ended without a dispose: its process ended, or it was never created.
function Session:on_connection_lost(reason, expected)
  self.closed = true
  self.refreshing = false
  self.error = reason
  if not expected then
    self.listener:on_closed(reason)
  end
end

return M
