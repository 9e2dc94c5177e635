import CircleScript

/// `--max-undo`: the most changes a run's undo history keeps, for every command that runs a
/// script to the end (`run`, `check`, `history`, `view`, `review`); docs/guarantees.md,
/// "Limits are enforced, not overflowed".
enum UndoBudget {
  static var option: OptionKey<Int?> {
    .wholeNumber(
      "--max-undo", "n", in: 0...Int.max, "The most changes the undo history keeps",
      help: "The most changes the undo history keeps (0 for no limit), each some hundreds of "
        + "bytes of memory: a group keeps every change made in it, 'limit <n>' keeps fewer "
        + "steps. A change that would go over stops the script with an error at it.",
      default: String(Interpreter.defaultMaximumKeptChanges))
  }

  /// The bound given, or the interpreter's default.
  static func value(in arguments: ParsedArguments) throws(UsageError) -> Int {
    try arguments[option] ?? Interpreter.defaultMaximumKeptChanges
  }
}
