-- Neovim's built-in LSP client driving `regula lsp`, headless (test/language/nvim.test.ts runs it):
-- takes its parameters as JSON in $REGULA_NVIM (the server's command, a ruleset, positions to ask
-- at, a file for the results), opens the ruleset, and writes what the client got: the published
-- diagnostics, completion labels, the hover text, the diagnostics after an edit, and the shutdown.
-- Only what Neovim 0.7 (Debian 12's) has: vim.lsp.start_client and buf_attach_client, not vim.lsp.start (0.8+).
local p = vim.fn.json_decode(os.getenv('REGULA_NVIM'))
local results = { steps = {} }
local function step(name) table.insert(results.steps, name) end

local function run()
  local published = nil
  local client_id = vim.lsp.start_client({
    name = 'regula',
    cmd = p.cmd,
    root_dir = p.root,
    handlers = {
      ['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
        published = result
        return vim.lsp.diagnostic.on_publish_diagnostics(err, result, ctx, config)
      end,
    },
  })
  assert(client_id, 'vim.lsp.start_client gave no client')
  step('started')

  vim.cmd('edit ' .. vim.fn.fnameescape(p.file))
  local buf = vim.api.nvim_get_current_buf()
  vim.bo[buf].filetype = 'regula'
  assert(vim.lsp.buf_attach_client(buf, client_id), 'the buffer could not be attached')
  local uri = vim.uri_from_bufnr(buf)
  assert(vim.wait(p.timeout, function() return published ~= nil and published.uri == uri end, 50), 'no diagnostics were published for ' .. uri)
  results.diagnostics = #published.diagnostics
  step('diagnostics')

  local function ask(method, position)
    local answers = vim.lsp.buf_request_sync(buf, method, { textDocument = { uri = uri }, position = position }, p.timeout)
    assert(answers and answers[client_id], method .. ' got no answer')
    assert(not answers[client_id].err, method .. ': ' .. vim.inspect(answers[client_id].err))
    return answers[client_id].result
  end
  local items = ask('textDocument/completion', p.completion)
  results.completion = {}
  for _, item in ipairs(items.items or items) do table.insert(results.completion, item.label) end
  step('completion')
  local hover = ask('textDocument/hover', p.hover)
  results.hover = hover and hover.contents and (hover.contents.value or hover.contents) or vim.NIL
  step('hover')

  -- An edit as a person makes it, which the client sends as didChange: a counter misspelt.
  local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  for i, line in ipairs(lines) do
    local from, to = string.find(line, p.misspell.find, 1, true)
    if from then
      vim.api.nvim_buf_set_text(buf, i - 1, from - 1, i - 1, to, { p.misspell.replace })
      break
    end
  end
  assert(vim.wait(p.timeout, function() return #vim.diagnostic.get(buf) > 0 end, 50), 'no diagnostics after the edit')
  results.after_edit = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do table.insert(results.after_edit, d.message) end
  step('edited')

  vim.lsp.stop_client(client_id)
  results.stopped = vim.wait(p.timeout, function() return vim.lsp.client_is_stopped(client_id) end, 50)
  step('stopped')
end

local ok, err = pcall(run)
if not ok then results.error = tostring(err) end
local out = io.open(p.out, 'w')
out:write(vim.fn.json_encode(results))
out:close()
vim.cmd('qall!')
