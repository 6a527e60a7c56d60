-- navrc's language server for Neovim 0.7 and later (editors/nvim/ in the navrc repository).
--
--   require("navrc").setup()                      -- .navrules buffers
--   require("navrc").setup({ scan = true })       -- and Swift / Objective-C buffers (navrc scan)
--
-- One `navrc lsp` runs per project root (the nearest folder up from the file holding one of
-- `root_markers`, else the file's own folder): all the rule files under that root form one module.
-- On Neovim 0.8 and later the client is started with vim.lsp.start, which reuses it for every
-- buffer of the same root; on 0.7, with vim.lsp.start_client and vim.lsp.buf_attach_client.

local M = {}

local defaults = {
  -- The command that starts the server; `navrc` must be on PATH, or give its path.
  cmd = { "navrc", "lsp" },
  -- Also send Swift and Objective-C buffers (.swift, .m, .mm, .h) to the server, whose
  -- `navrc scan` diagnostics it publishes for them.
  scan = false,
  -- What marks a project root, nearest first.
  root_markers = { "Package.swift", ".git" },
  -- Passed on to the client, as for any server.
  on_attach = nil,
  capabilities = nil,
  -- The client's name, as :LspInfo shows it.
  name = "navrc",
}

M.config = vim.deepcopy(defaults)

-- Root folder -> client id, for Neovim 0.7 (vim.lsp.start reuses clients by itself).
local clients = {}

local uv = vim.uv or vim.loop

local function exists(path)
  return uv.fs_stat(path) ~= nil
end

local function dirname(path)
  return vim.fn.fnamemodify(path, ":h")
end

--- The project root of the file `path`: the nearest folder holding a root marker, else its own.
function M.root_dir(path, markers)
  markers = markers or M.config.root_markers
  local folder = dirname(path)
  local current = folder
  while true do
    for _, marker in ipairs(markers) do
      if exists(current .. "/" .. marker) then
        return current
      end
    end
    local parent = dirname(current)
    if parent == current then
      return folder
    end
    current = parent
  end
end

local scan_filetypes = { swift = true, objc = true, objcpp = true }

--- Whether the buffer goes to the server: rule files always, Swift and Objective-C with `scan`.
function M.serves(bufnr)
  local filetype = vim.bo[bufnr].filetype
  if filetype == "navrules" then
    return true
  end
  if not M.config.scan then
    return false
  end
  if scan_filetypes[filetype] then
    return true
  end
  -- A header opens as c, cpp or objc depending on its contents.
  local name = vim.api.nvim_buf_get_name(bufnr)
  return name:match("%.h$") ~= nil and (filetype == "c" or filetype == "cpp")
end

local function client_config(root)
  return {
    name = M.config.name,
    cmd = M.config.cmd,
    root_dir = root,
    workspace_folders = { { uri = vim.uri_from_fname(root), name = root } },
    capabilities = M.config.capabilities,
    on_attach = M.config.on_attach,
  }
end

--- Attaches the buffer to the server of its root, starting that server if needed.
function M.attach(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  if not M.serves(bufnr) then
    return nil
  end
  local name = vim.api.nvim_buf_get_name(bufnr)
  local root = name ~= "" and M.root_dir(name) or uv.cwd()
  local config = client_config(root)
  if vim.lsp.start then
    return vim.api.nvim_buf_call(bufnr, function()
      return vim.lsp.start(config, { bufnr = bufnr })
    end)
  end
  local id = clients[root]
  if id == nil or vim.lsp.get_client_by_id(id) == nil then
    config.on_exit = function()
      clients[root] = nil
    end
    id = vim.lsp.start_client(config)
    if id == nil then
      return nil
    end
    clients[root] = id
  end
  vim.lsp.buf_attach_client(bufnr, id)
  return id
end

--- The file types the server is started for.
function M.filetypes()
  local filetypes = { "navrules" }
  if M.config.scan then
    vim.list_extend(filetypes, { "swift", "objc", "objcpp", "c", "cpp" })
  end
  return filetypes
end

--- Starts the server for every buffer of the file types it serves, now and from now on.
function M.setup(options)
  M.config = vim.tbl_deep_extend("force", vim.deepcopy(defaults), options or {})
  local group = vim.api.nvim_create_augroup("navrc", { clear = true })
  vim.api.nvim_create_autocmd("FileType", {
    group = group,
    pattern = M.filetypes(),
    callback = function(event)
      M.attach(event.buf)
    end,
  })
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) then
      M.attach(bufnr)
    end
  end
end

return M
