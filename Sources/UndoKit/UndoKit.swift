// UndoKit: an undo manager with the API and semantics of Foundation's UndoManager, for Linux.
