// CircleScript: the .circles language — lexer, parser, diagnostics and interpreter.
