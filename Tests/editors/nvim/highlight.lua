-- Highlighting, file type and indentation of editors/nvim, checked in a headless Neovim:
--
--   nvim --headless -u NONE -i NONE -n -c "luafile Tests/editors/nvim/highlight.lua"
--
-- from the repository root (scripts/test-editors runs it). Exits with status 1 and lists what
-- is wrong on standard error, or prints one summary line.
--   - every token of Tests/editors/highlight/sample.navrules has the syntax group its category
--     in sample.expect maps to, and that group is linked to the expected highlight;
--   - in every rule file of examples/: nothing is highlighted as an error, each statement's
--     first word is highlighted as a keyword exactly when it is one, `// expect:` comments are
--     comments;
--   - `gg=G` on those files with their indentation removed gives them back as `navrc fmt` laid
--     them out.

local root = vim.fn.getcwd()
vim.opt.runtimepath:prepend(root .. "/editors/nvim")
vim.cmd("filetype plugin indent on")
vim.cmd("syntax on")

local failures = {}
local checks = 0

local function fail(message)
  table.insert(failures, message)
end

local function expect(condition, message)
  checks = checks + 1
  if not condition then
    fail(message)
  end
end

-- category -> { syntax group, highlight group it links to }, from categories.txt
local categories = {}
for line in io.lines(root .. "/Tests/editors/highlight/categories.txt") do
  local category, group, link = line:match("^(%a+)%s+(%S+)%s+(%S+)%s+%S+$")
  if category and category ~= "plain" then
    categories[category] = { group, link }
  end
end
-- Regions that give no highlight of their own: text inside them is plain.
local containers = {
  [""] = true,
  navrulesHookBody = true,
  navrulesInlineBlock = true,
  navrulesColorArgs = true,
  navrulesFontArgs = true,
}

local function group_at(line, col)
  local id = vim.fn.synID(line, col, 1)
  return vim.fn.synIDattr(id, "name"), vim.fn.synIDattr(vim.fn.synIDtrans(id), "name")
end

-- The group `group` is linked to (one level), from `:highlight`.
local function link_of(group)
  local ok, output = pcall(vim.api.nvim_exec, "highlight " .. group, true)
  return ok and output:match("links to (%w+)") or nil
end

local function read_lines(path)
  local lines = {}
  for line in io.lines(path) do
    table.insert(lines, line)
  end
  return lines
end

-- The sample: file type, options and every expectation.
vim.cmd("edit " .. vim.fn.fnameescape(root .. "/Tests/editors/highlight/sample.navrules"))
expect(vim.bo.filetype == "navrules", "ftdetect: filetype is '" .. vim.bo.filetype .. "'")
expect(vim.b.current_syntax == "navrules", "syntax/navrules.vim was not loaded")
expect(vim.bo.commentstring == "// %s", "ftplugin: commentstring is " .. vim.bo.commentstring)
expect(vim.bo.shiftwidth == 4 and vim.bo.expandtab, "ftplugin: four spaces per level")
expect(vim.bo.indentexpr:match("NavrulesIndent") ~= nil, "indent: indentexpr is " .. vim.bo.indentexpr)

local expected_lines = 0
for spec in io.lines(root .. "/Tests/editors/highlight/sample.expect") do
  local number, items = spec:match("^(%d+):%s*(.*)$")
  if number then
    expected_lines = expected_lines + 1
    number = tonumber(number)
    local text = vim.fn.getline(number)
    local from = 1
    for item in items:gmatch("%S+") do
      local token, category = item:match("^(.*)=([%a]+)$")
      local start = token and text:find(token, from, true)
      if not token or (category ~= "plain" and not categories[category]) then
        fail(string.format("sample.expect line %d: cannot read '%s'", number, item))
      elseif not start then
        fail(string.format("sample line %d: no '%s' after column %d", number, token, from))
      else
        local group = category ~= "plain" and categories[category][1] or nil
        local wrong = nil
        for col = start, start + #token - 1 do
          local name = group_at(number, col)
          if (group and name ~= group) or (not group and containers[name] == nil) then
            wrong = string.format("column %d is %s", col, name == "" and "plain" or name)
            break
          end
        end
        expect(wrong == nil, string.format(
          "sample line %d: '%s' should be %s (%s), but %s",
          number, token, category, group or "no group", tostring(wrong)))
        from = start + #token
      end
    end
  end
end
expect(vim.tbl_count(categories) > 20, "categories.txt: read only " .. vim.tbl_count(categories))
expect(expected_lines > 50, "sample.expect has only " .. expected_lines .. " lines")
for category, pair in pairs(categories) do
  local link = link_of(pair[1])
  expect(link == pair[2], string.format("%s (%s) links to %s, not %s", pair[1], category, tostring(link), pair[2]))
end

-- The words that start a statement, from the sample's expectations.
local keywords = {}
for spec in io.lines(root .. "/Tests/editors/highlight/sample.expect") do
  for token, category in spec:gmatch("(%S+)=(%a+)") do
    if category == "declaration" or category == "directive" or category == "hook" or category == "action" then
      keywords[token] = true
    end
  end
end
local keyword_groups = {
  navrulesDeclaration = true, navrulesDirective = true, navrulesHook = true, navrulesAction = true,
}

-- Every rule file of examples/.
local files = vim.fn.globpath(root .. "/examples", "**/*.navrules", false, true)
table.sort(files)
expect(#files >= 10, "found only " .. #files .. " examples")
local function relative(path)
  return path:sub(#root + 2)
end

for _, path in ipairs(files) do
  vim.cmd("edit! " .. vim.fn.fnameescape(path))
  local lines = read_lines(path)
  for number, text in ipairs(lines) do
    for col = 1, #text do
      local name, linked = group_at(number, col)
      if linked == "Error" then
        fail(string.format("%s:%d:%d is highlighted as an error (%s)", relative(path), number, col, name))
        break
      end
    end
    local indent, word = text:match("^(%s*)([%a_][%w_]*)")
    if word then
      local col = #indent + 1
      local name = group_at(number, col)
      if not name:match("Comment$") then
        if keywords[word] then
          expect(keyword_groups[name] ~= nil, string.format(
            "%s:%d: '%s' starts a statement but is highlighted as '%s'", relative(path), number, word, name))
        else
          expect(keyword_groups[name] == nil, string.format(
            "%s:%d: '%s' is no keyword but is highlighted as '%s'", relative(path), number, word, name))
        end
      end
    end
    local expect_col = text:find("// expect:", 1, true)
    if expect_col then
      for col = expect_col, #text do
        local name = group_at(number, col)
        if name ~= "navrulesComment" then
          fail(string.format("%s:%d:%d: the expect comment is highlighted as '%s'", relative(path), number, col, name))
          break
        end
      end
      checks = checks + 1
    end
  end
end

-- Indentation: `=` restores the canonical layout.
local indented = 0
for _, path in ipairs(vim.list_extend({ root .. "/Tests/editors/highlight/sample.navrules" }, files)) do
  vim.cmd("edit! " .. vim.fn.fnameescape(path))
  local lines = read_lines(path)
  local flat = {}
  for i, text in ipairs(lines) do
    flat[i] = (text:gsub("^%s+", ""))
  end
  vim.api.nvim_buf_set_lines(0, 0, -1, false, flat)
  vim.cmd("silent normal! gg=G")
  local result = vim.api.nvim_buf_get_lines(0, 0, -1, false)
  for i, text in ipairs(lines) do
    if result[i] ~= text then
      fail(string.format("%s:%d: gg=G indents\n    %s\n  as\n    %s", relative(path), i, text, result[i] or "(nothing)"))
      break
    end
  end
  indented = indented + 1
  vim.cmd("silent! undo 0")
  vim.cmd("bwipeout!")
end

if #failures > 0 then
  io.stderr:write("Neovim highlighting: " .. #failures .. " failures\n")
  for _, message in ipairs(failures) do
    io.stderr:write("  " .. message .. "\n")
  end
  vim.cmd("cquit 1")
end
io.stdout:write(string.format(
  "Neovim %s: %d highlight and layout checks passed (sample, %d examples, %d files re-indented)\n",
  tostring(vim.version().major) .. "." .. vim.version().minor .. "." .. vim.version().patch,
  checks, #files, indented))
vim.cmd("qall!")
