-- :help feedvm works from the shipped doc/tags, and every link in the help file leads somewhere.
local H = require('support.harness')
local E = require('support.env')

H.test(':help feedvm opens the plugin\'s help', function()
  vim.cmd('help feedvm')
  H.defer(function() vim.cmd('helpclose') end)
  H.eq('feedvm.txt', vim.fn.expand('%:t'))
  H.ok(vim.fn.getline('.'):find('*feedvm*', 1, true), 'on the feedvm tag: ' .. vim.fn.getline('.'))
  vim.cmd('help feedvm-mappings')
  H.ok(vim.fn.getline('.'):find('*feedvm-mappings*', 1, true), 'g? lands on the mappings')
end)

H.test('every |link| of the help names a tag of Neovim or of the plugin', function()
  local text = table.concat(vim.fn.readfile(E.plugin_dir .. '/doc/feedvm.txt'), '\n')
  local missing = {}
  for link in text:gmatch('|([^|%s]+)|') do
    if not pcall(vim.cmd, 'help ' .. link) then
      missing[#missing + 1] = link
    end
  end
  pcall(vim.cmd, 'helpclose')
  vim.v.errmsg = ''
  H.eq({}, missing)
end)
