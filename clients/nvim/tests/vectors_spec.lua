-- The shared protocol vectors (protocol/vectors/), which the server's tests and every client's
-- check alike: sections.json's notifications, applied in order as the plugin's sessions apply
-- them (feedvm.sections, the revision checked as in session.lua), give each step's list or are
-- refused as the step says; discovery.json's files, environment and working directory make
-- feedvm.binary choose the case's binary, or fail.
local H = require('support.harness')
local E = require('support.env')
local sections = require('feedvm.sections')
local binary = require('feedvm.binary')

local function load(name)
  local path = E.root .. '/protocol/vectors/' .. name
  return vim.json.decode(table.concat(vim.fn.readfile(path), '\n')).cases
end

--- One step, as a session applies it: the new state, or nil and the kind of refusal.
local function apply(state, params)
  if params.sections then
    return { sections = params.sections, revision = params.revision }
  end
  if params.changes.baseRevision ~= state.revision then
    return nil, 'outOfSync'
  end
  local new = sections.apply(state.sections, params.changes)
  if not new then
    return nil, 'invalidChanges'
  end
  return { sections = new, revision = params.revision }
end

for _, case in ipairs(load('sections.json')) do
  H.test('sections: ' .. case.name, function()
    local state = { sections = { { items = {} } }, revision = 0 }
    for number, step in ipairs(case.steps) do
      local new, refused = apply(state, step.notification)
      if step.error then
        H.eq(step.error, refused, 'step ' .. number)
      else
        H.ok(new, ('step %d applies (%s)'):format(number, tostring(refused)))
        state = new
        H.eq(step.expect, vim.tbl_map(function(section) return section.items end, state.sections), 'step ' .. number)
        H.eq(step.revision, state.revision, 'step ' .. number)
      end
    end
  end)
end

local function lay_out(root, files)
  for name, kind in pairs(files) do
    local path = root .. '/' .. name
    if kind == 'dir' then
      vim.fn.mkdir(path, 'p')
    else
      vim.fn.mkdir(vim.fn.fnamemodify(path, ':h'), 'p')
      vim.fn.writefile(kind == 'executable' and { '#!/bin/sh' } or {}, path)
      vim.fn.setfperm(path, kind == 'executable' and 'rwxr-xr-x' or 'rw-r--r--')
    end
  end
end

for _, case in ipairs(load('discovery.json')) do
  H.test('discovery: ' .. case.name, function()
    local root = vim.fn.resolve(vim.fn.tempname())
    vim.fn.mkdir(root, 'p')
    H.defer(function() vim.fn.delete(root, 'rf') end)
    lay_out(root, case.files or {})
    local function rooted(text) return (text:gsub('{root}', root)) end
    local env = {}
    for key, value in pairs(case.env or {}) do
      env[key] = rooted(value)
    end
    local client = case.client or {}
    local argv, err = binary.resolve({
      binary = case.explicit and (root .. '/' .. case.explicit) or '',
      env = env,
      cwd = root .. '/' .. (case.cwd or '.'),
      plugin_dir = root .. '/' .. (client.files or 'no-client-files'),
      shipped = client.shipped and { root .. '/' .. client.shipped } or {},
    })
    if case.found then
      H.eq({ root .. '/' .. case.found }, argv, err)
    else
      H.eq(nil, argv)
      for _, text in ipairs(case.error) do
        H.ok(err:find(rooted(text), 1, true), rooted(text) .. ' in ' .. tostring(err))
      end
    end
  end)
end
