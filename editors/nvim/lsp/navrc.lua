-- navrc's language server for Neovim 0.11's vim.lsp.config (editors/nvim/ in the navrc
-- repository). With editors/nvim on 'runtimepath':
--
--   vim.lsp.enable("navrc")
--
-- and, to also check Swift and Objective-C files with `navrc scan`:
--
--   vim.lsp.config("navrc", { filetypes = { "navrules", "swift", "objc", "objcpp" } })
return {
  cmd = { "navrc", "lsp" },
  filetypes = { "navrules" },
  root_markers = { "Package.swift", ".git" },
}
