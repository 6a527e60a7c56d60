" navrc rule files (editors/nvim/ in the navrc repository).
autocmd BufRead,BufNewFile *.navrules setfiletype navrules
