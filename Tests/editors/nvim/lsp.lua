-- editors/nvim's language server set-up (lua/navrc) in a headless Neovim, against the real
-- `navrc lsp`:
--
--   NAVRC=.build/debug/navrc nvim --headless -u NONE -i NONE -n -c "luafile Tests/editors/nvim/lsp.lua"
--
-- from the repository root (scripts/test-editors runs it). Exits with status 1 and lists what
-- is wrong on standard error, or prints one summary line.
--   - a broken example opened as a buffer gets, in vim.diagnostic.get(), the diagnostics of
--     `navrc check --format json` (position, severity, message, id);
--   - replacing its text with the fixed example clears them;
--   - formatting the buffer gives `navrc fmt`'s text;
--   - one client per project root, reused by the rule files under it; Swift buffers attach only
--     with `scan = true`.

local root = vim.fn.getcwd()
vim.opt.runtimepath:prepend(root .. "/editors/nvim")
vim.cmd("filetype plugin indent on")

local navrc = os.getenv("NAVRC") or (root .. "/.build/debug/navrc")
local timeout = 20000
local failures = {}
local checks = 0

local function expect(condition, message)
  checks = checks + 1
  if not condition then
    table.insert(failures, message)
  end
  return condition
end

local function finish()
  for _, client in ipairs(vim.lsp.get_active_clients()) do
    client.stop()
  end
  if #failures > 0 then
    io.stderr:write("Neovim LSP: " .. #failures .. " failures\n")
    for _, message in ipairs(failures) do
      io.stderr:write("  " .. message .. "\n")
    end
    vim.cmd("cquit 1")
  end
  io.stdout:write(string.format("Neovim %d.%d.%d: %d LSP checks passed\n",
    vim.version().major, vim.version().minor, vim.version().patch, checks))
  vim.cmd("qall!")
end

local function read(path)
  local file = assert(io.open(path, "rb"))
  local text = file:read("*a")
  file:close()
  return text
end

local function write(path, text)
  vim.fn.mkdir(vim.fn.fnamemodify(path, ":h"), "p")
  local file = assert(io.open(path, "wb"))
  file:write(text)
  file:close()
end

local function lines_of(text)
  local lines = vim.split(text, "\n", true)
  if lines[#lines] == "" then
    table.remove(lines)
  end
  return lines
end

local function wait(what, predicate)
  local ok = vim.wait(timeout, predicate, 10)
  expect(ok, "timed out waiting for " .. what)
  return ok
end

-- A project of its own: no root marker above a fresh temporary folder.
local work = vim.fn.tempname()
local project = work .. "/project"
local broken = project .. "/swipe-freeze.navrules"
write(broken, read(root .. "/examples/swipe-freeze/swipe-freeze.broken.navrules"))
write(project .. "/mistakes-free.navrules", "screen Spare {}\n")

-- What navrc check says about the project (both files form one module).
local run = vim.fn.system({ navrc, "check", "--format", "json", project })
local report = vim.fn.json_decode(run)
local expected = {}
local file_lines = lines_of(read(broken))
for _, d in ipairs(report.diagnostics) do
  if d.file == broken then
    -- columns count Unicode scalars; vim.diagnostic counts bytes.
    table.insert(expected, string.format("%d:%d-%d:%d %s %s [%s]",
      d.line - 1, vim.str_byteindex(file_lines[d.line], d.column - 1),
      d.endLine - 1, vim.str_byteindex(file_lines[d.endLine], d.endColumn - 1),
      d.severity == "error" and "E" or "W", d.message, d.id))
  end
end
table.sort(expected)
expect(#expected >= 1, "navrc check reports the broken example (" .. run .. ")")

require("navrc").setup({ cmd = { navrc, "lsp" } })

vim.cmd("edit " .. vim.fn.fnameescape(broken))
local buffer = vim.api.nvim_get_current_buf()
expect(vim.bo.filetype == "navrules", "filetype navrules")

local function actual()
  local result = {}
  for _, d in ipairs(vim.diagnostic.get(buffer)) do
    table.insert(result, string.format("%d:%d-%d:%d %s %s [%s]", d.lnum, d.col, d.end_lnum, d.end_col,
      d.severity == vim.diagnostic.severity.ERROR and "E" or "W", d.message, tostring(d.code)))
  end
  table.sort(result)
  return result
end

if wait("diagnostics of the broken example", function() return #vim.diagnostic.get(buffer) > 0 end) then
  expect(vim.deep_equal(actual(), expected), "diagnostics differ from navrc check:\n    "
    .. table.concat(actual(), "\n    ") .. "\n  expected\n    " .. table.concat(expected, "\n    "))
end

local clients = vim.lsp.buf_get_clients(buffer)
local client = select(2, next(clients))
if expect(client ~= nil, "a client is attached to the rule file") then
  expect(client.name == "navrc", "the client is named navrc, not " .. tostring(client.name))
  expect(client.config.root_dir == project, "root_dir is the file's folder: " .. tostring(client.config.root_dir))
end

-- A second rule file of the same project shares the client.
vim.cmd("edit " .. vim.fn.fnameescape(project .. "/mistakes-free.navrules"))
local second = vim.api.nvim_get_current_buf()
wait("the second file attached", function() return next(vim.lsp.buf_get_clients(second)) ~= nil end)
expect(#vim.lsp.get_active_clients() == 1, "one client for one project, not " .. #vim.lsp.get_active_clients())

-- Fixing the text clears the diagnostics.
vim.cmd("buffer " .. buffer)
vim.api.nvim_buf_set_lines(buffer, 0, -1, false, lines_of(read(root .. "/examples/swipe-freeze/swipe-freeze.fixed.navrules")))
wait("the diagnostics to clear", function() return #vim.diagnostic.get(buffer) == 0 end)

-- Formatting gives navrc fmt's text.
local messy = "screen Form{\npush Help;back block}\nscreen Help{ // the target\n}\n\n\nnavigator Main{root Form}\n"
local formatted_file = work .. "/fmt/expected.navrules"
write(formatted_file, messy)
vim.fn.system({ navrc, "fmt", formatted_file })
local formatted = lines_of(read(formatted_file))
expect(not vim.deep_equal(formatted, lines_of(messy)), "navrc fmt changes the messy text")
vim.api.nvim_buf_set_lines(buffer, 0, -1, false, lines_of(messy))
if vim.lsp.buf.format then
  vim.lsp.buf.format({ bufnr = buffer, timeout_ms = timeout })
else
  vim.lsp.buf.formatting_sync(nil, timeout)
end
local result = vim.api.nvim_buf_get_lines(buffer, 0, -1, false)
expect(vim.deep_equal(result, formatted), "formatting gives\n    " .. table.concat(result, "\n    ")
  .. "\n  not navrc fmt's\n    " .. table.concat(formatted, "\n    "))

-- Swift buffers: only with scan = true, and then they get navrc scan's findings for their app.
local swift = work .. "/app/View.swift"
write(work .. "/app/App.swift", "import UIKit\n"
  .. "func start(window: UIWindow) { window.rootViewController = UINavigationController(rootViewController: Home()) }\n"
  .. "class Home: UIViewController {}\n")
write(swift, "import UIKit\n"
  .. "extension UINavigationController {\n"
  .. "  open override func viewDidLoad() { super.viewDidLoad(); interactivePopGestureRecognizer?.delegate = nil }\n"
  .. "}\n")
vim.cmd("edit " .. vim.fn.fnameescape(swift))
local swift_buffer = vim.api.nvim_get_current_buf()
expect(vim.bo.filetype == "swift", "View.swift is a swift buffer")
expect(next(vim.lsp.buf_get_clients(swift_buffer)) == nil, "no client for Swift without scan")
require("navrc").setup({ cmd = { navrc, "lsp" }, scan = true })
wait("the Swift buffer attached with scan", function() return next(vim.lsp.buf_get_clients(swift_buffer)) ~= nil end)
expect(require("navrc").serves(swift_buffer), "serves() agrees")
if wait("navrc scan's finding in the Swift buffer", function() return #vim.diagnostic.get(swift_buffer) > 0 end) then
  local found = vim.diagnostic.get(swift_buffer)
  expect(#found == 1 and found[1].code == "root-pop" and found[1].lnum == 2,
    "the Swift buffer shows root-pop on line 3, not " .. vim.inspect(found))
end

finish()
