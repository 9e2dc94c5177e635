// libedit, the BSD line editor, through its readline-compatible interface: line editing,
// history and completion for the REPL. Its header needs FILE declared first.
#include <stdio.h>
#include <editline/readline.h>
