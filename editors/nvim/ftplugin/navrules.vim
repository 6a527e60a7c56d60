" Vim filetype plugin for navrules files (editors/nvim/ in the navrc repository).
" The canonical layout (`navrc fmt`): four spaces per block, `//` comments.

if exists('b:did_ftplugin')
  finish
endif
let b:did_ftplugin = 1

setlocal commentstring=//\ %s
setlocal comments=s1:/*,mb:*,ex:*/,://
setlocal formatoptions-=t formatoptions+=croql
setlocal expandtab shiftwidth=4 softtabstop=4 tabstop=4
setlocal iskeyword=@,48-57,_
setlocal suffixesadd=.navrules

" `:make` checks the rule files under the current directory (all of them form one module) and
" reads navrc's swiftc-style lines into the quickfix list.
setlocal makeprg=navrc\ check\ .
setlocal errorformat=%f:%l:%c:\ %t%*[^:]:\ %m

let b:undo_ftplugin = 'setlocal commentstring< comments< formatoptions< expandtab< shiftwidth<'
      \ . ' softtabstop< tabstop< iskeyword< suffixesadd< makeprg< errorformat<'
