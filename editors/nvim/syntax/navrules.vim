" Vim syntax file
" Language:    navrules (the navigation rules of navrc)
" Maintainer:  the navrc project (editors/nvim/ in its repository)
" Filenames:   *.navrules
"
" The same categories as the VS Code grammar (editors/vscode/syntaxes/navrules.tmLanguage.json);
" a test (EditorVocabularyTests) checks that both list every word of the language.

if exists('b:current_syntax')
  finish
endif

let s:cpo_save = &cpo
set cpo&vim

syn case match
syn iskeyword @,48-57,_
syn sync fromstart

" Literals. Among matches at one position the last defined wins, so the longer forms come later.
syn match   navrulesNumber      /\<\d\+\%(\.\d\+\)\=\>/
syn match   navrulesDuration    /\<\d\+\%(\.\d\+\)\=m\=s\>/
syn match   navrulesVersion     /\<\d\+\%(\.\d\+\)\{2,}\>/
syn match   navrulesVersion     /\<\d\+\%(\.\d\+\)*\>/ contained
syn match   navrulesColorError  /#\w*/
syn match   navrulesColor       /#\x\{6}\%(\x\x\)\=\>/

syn match   navrulesEscapeError /\\.\=/ contained
syn match   navrulesEscape      /\\\%(["\\nt]\|u{\x\{1,8}}\)/ contained
syn region  navrulesString      start=/"/ end=/"/ end=/$/ oneline contains=navrulesEscape,navrulesEscapeError

" Comments: `//`, nested `/* */`, and suppressions `// navrc:disable-line ID, ID reason`.
syn region  navrulesBlockComment start=+/\*+ end=+\*/+ contains=navrulesBlockComment,@Spell
syn match   navrulesComment     +//.*$+ contains=@Spell
syn match   navrulesComment     +//[ \t]*navrc:disable\%(-next\)\=-line\%([ \t]\|$\)\@=.*$+ contains=navrulesSuppression
syn match   navrulesSuppression +navrc:disable\%(-next\)\=-line+ contained nextgroup=navrulesRuleId skipwhite
syn match   navrulesRuleId      +[A-Za-z0-9-]\++ contained nextgroup=navrulesRuleIdSeparator skipwhite
syn match   navrulesRuleIdSeparator +,+ contained nextgroup=navrulesRuleId skipwhite

syn cluster navrulesComments contains=navrulesComment,navrulesBlockComment
syn cluster navrulesLiterals contains=navrulesString,navrulesNumber,navrulesDuration,navrulesVersion,navrulesColor,navrulesColorError

syn match   navrulesBrace       /[{}]/
syn match   navrulesDelimiter   /[,;]/

" Declarations.
syn keyword navrulesDeclaration platform nextgroup=navrulesPlatform skipwhite
syn keyword navrulesDeclaration style navigator screen nextgroup=navrulesName skipwhite
syn match   navrulesName        /\h\w*/ contained
syn keyword navrulesPlatform    iOS contained nextgroup=navrulesVersion skipwhite

" Directives of screens, navigators and styles.
syn keyword navrulesDirective   class title titleStyle push present back popGesture navigationBar
syn keyword navrulesDirective   leftBarButton root backDebounce barAppearance background
syn keyword navrulesDirective   backgroundColor nextgroup=navrulesColorArgs skipwhite
syn keyword navrulesDirective   color nextgroup=navrulesColorArgs skipwhite
syn keyword navrulesDirective   font nextgroup=navrulesFontArgs skipwhite
" The values of `color` and `font`, up to the end of the statement or a comment.
syn region  navrulesColorArgs   start=/\ze\S/ end=+\ze\%([;}]\|//\|/\*\)+ end=/$/ contained oneline
      \ contains=navrulesColorName,navrulesColor,navrulesColorError
syn region  navrulesFontArgs    start=/\ze\S/ end=+\ze\%([;}]\|//\|/\*\)+ end=/$/ contained oneline
      \ contains=navrulesWeight,navrulesValue,navrulesNumber,navrulesString
syn keyword navrulesColorName   label secondaryLabel tertiaryLabel white black systemBlue systemRed
      \ systemGreen systemOrange systemPurple systemPink systemTeal systemIndigo systemYellow
      \ systemGray tint contained
syn keyword navrulesWeight      ultraLight thin light regular medium semibold bold heavy black
      \ contained

" Value words: policies, delegates, visibilities, `confirm`'s clauses, the system font.
syn keyword navrulesValue       allow block intercept taps confirm leave stay system enabled disabled
      \ forced visible hidden none custom self guarded standard compact scrollEdge
      \ compactScrollEdge opaque default
" `transparent` is also an option of `:syntax keyword`, so it is matched.
syn match   navrulesValue       /\<transparent\>/

" Hooks: `on EVENT [if pushed] { ACTION… }`.
syn keyword navrulesHook        on nextgroup=navrulesEvent skipwhite
syn keyword navrulesEvent       viewDidLoad viewWillAppear viewDidAppear viewWillDisappear
      \ viewDidDisappear contained nextgroup=navrulesConditional skipwhite
syn keyword navrulesConditional if contained nextgroup=navrulesCondition skipwhite
syn keyword navrulesCondition   pushed contained
syn keyword navrulesAction      popGestureDelegate popGesture navigationBar titleStyle barAppearance
      \ contained
syn region  navrulesHookBody    matchgroup=navrulesBrace
      \ start=/\%(\<on\s\+\h\w*\%(\s\+if\s\+pushed\)\=\s*\)\@<={/ end=/}/
      \ contains=navrulesAction,navrulesValue,navrulesInlineBlock,navrulesDelimiter,@navrulesComments,@navrulesLiterals
syn region  navrulesInlineBlock matchgroup=navrulesBrace start=/{/ end=/}/ contained
      \ contains=navrulesDirective,navrulesValue,navrulesDelimiter,@navrulesComments,@navrulesLiterals

hi def link navrulesDeclaration  Structure
hi def link navrulesName         Type
hi def link navrulesPlatform     Constant
hi def link navrulesDirective    Keyword
hi def link navrulesHook         Keyword
hi def link navrulesEvent        Function
hi def link navrulesConditional  Conditional
hi def link navrulesCondition    Boolean
hi def link navrulesAction       Statement
hi def link navrulesValue        Constant
hi def link navrulesColorName    Constant
hi def link navrulesWeight       Constant
hi def link navrulesColor        Constant
hi def link navrulesColorError   Error
hi def link navrulesNumber       Number
hi def link navrulesDuration     Number
hi def link navrulesVersion      Float
hi def link navrulesString       String
hi def link navrulesEscape       SpecialChar
hi def link navrulesEscapeError  Error
hi def link navrulesComment      Comment
hi def link navrulesBlockComment Comment
hi def link navrulesSuppression  PreProc
hi def link navrulesRuleId       SpecialComment
hi def link navrulesRuleIdSeparator Comment
hi def link navrulesBrace        Delimiter
hi def link navrulesDelimiter    Delimiter

let b:current_syntax = 'navrules'

let &cpo = s:cpo_save
unlet s:cpo_save
