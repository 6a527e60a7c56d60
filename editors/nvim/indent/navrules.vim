" Vim indent file for navrules files (editors/nvim/ in the navrc repository).
" Indents as `navrc fmt` lays out: one level per open `{`, `}` back out, and the continuation
" lines of a statement broken after a comma (a long `push` list) one level more.

if exists('b:did_indent')
  finish
endif
let b:did_indent = 1

setlocal autoindent nosmartindent nocindent
setlocal indentexpr=NavrulesIndent(v:lnum)
setlocal indentkeys=0{,0},!^F,o,O

let b:undo_indent = 'setlocal autoindent< smartindent< cindent< indentexpr< indentkeys<'

if exists('*NavrulesIndent')
  finish
endif

let s:cpo_save = &cpo
set cpo&vim

" The code of a line: strings emptied, comments removed.
function! s:Code(lnum) abort
  let line = getline(a:lnum)
  let line = substitute(line, '"\%([^"\\]\|\\.\)*"\=', '""', 'g')
  let line = substitute(line, '/\*.\{-}\*/', ' ', 'g')
  return substitute(line, '\s*\%(//.*\|/\*.*\)\=$', '', '')
endfunction

function! s:IsContinued(lnum) abort
  return a:lnum > 0 && s:Code(a:lnum) =~# ',$'
endfunction

" Whether the line starts inside a block comment (its text is left as written).
function! s:InComment(lnum) abort
  let col = match(getline(a:lnum), '\S') + 1
  return col > 0 && synIDattr(synID(a:lnum, col, 1), 'name') ==# 'navrulesBlockComment'
        \ && getline(a:lnum) !~# '^\s*/\*'
endfunction

function! NavrulesIndent(lnum) abort
  if s:InComment(a:lnum)
    return -1
  endif
  let prev = prevnonblank(a:lnum - 1)
  while prev > 0 && s:InComment(prev)
    let prev = prevnonblank(prev - 1)
  endwhile
  if prev == 0
    return 0
  endif
  " The first line of the statement `prev` belongs to, and how deep that is.
  let start = prev
  while s:IsContinued(start - 1) && start > 1
    let start -= 1
  endwhile
  let ind = indent(start)
  let code = s:Code(prev)
  let opens = len(substitute(code, '[^{]', '', 'g'))
  let closes = len(substitute(substitute(code, '^\s*}*', '', ''), '[^}]', '', 'g'))
  let ind += shiftwidth() * (opens - closes)
  if code =~# ',$'
    let ind += shiftwidth()
  endif
  if getline(a:lnum) =~# '^\s*}'
    let ind -= shiftwidth()
  endif
  return max([ind, 0])
endfunction

let &cpo = s:cpo_save
unlet s:cpo_save
