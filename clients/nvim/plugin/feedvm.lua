-- FeedVM: :FeedVM [source] [category] opens a paged image feed in a buffer. :help feedvm
if vim.g.loaded_feedvm then
  return
end
vim.g.loaded_feedvm = true

vim.api.nvim_create_user_command('FeedVM', function(command)
  require('feedvm').command(command.fargs, command.mods)
end, {
  nargs = '*',
  complete = function(arg_lead, cmd_line)
    return require('feedvm').complete(arg_lead, cmd_line)
  end,
  desc = 'Open a FeedVM feed: [source] [category] [key=value ...]',
})

local group = vim.api.nvim_create_augroup('feedvm.plugin', { clear = true })
vim.api.nvim_create_autocmd('ColorScheme', {
  group = group,
  callback = function() require('feedvm.render').define_highlights() end,
  desc = 'link the FeedVM highlight groups again after :highlight clear',
})
vim.api.nvim_create_autocmd({ 'VimResized', 'WinScrolled' }, {
  group = group,
  callback = function()
    for _, feed in pairs(require('feedvm.view').by_buffer) do
      feed:relayout()
    end
  end,
  desc = 'realign FeedVM buffers to their window width',
})
require('feedvm.render').define_highlights()
