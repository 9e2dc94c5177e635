extension ArgumentReader {
  /// The next option of a subcommand that takes one script, the script kept on the way.
  ///
  /// Positionals are not returned: the first is stored in `script`, and a second is an error that
  /// names the subcommand. Read the options with this until it returns nil, then take the script
  /// with ``requiredScript(_:of:)``.
  ///
  /// - Parameters:
  ///   - script: Where the script's path is kept; nil until one is read.
  ///   - command: The subcommand's name, for the message about an extra script.
  /// - Returns: The option's name and its inline value, or nil at the end of the arguments.
  /// - Throws: ``UsageError`` for a second script.
  mutating func nextOption(
    keepingScriptIn script: inout String?, of command: String
  ) throws(UsageError) -> (name: String, inlineValue: String?)? {
    while let item = next() {
      switch item {
      case .positional(let value):
        guard script == nil else {
          throw UsageError("\(command) takes one script; '\(value)' is extra")
        }
        script = value
      case .option(let name, let inline):
        return (name, inline)
      }
    }
    return nil
  }

  /// The script that ``nextOption(keepingScriptIn:of:)`` kept.
  ///
  /// - Parameters:
  ///   - script: The script read, if any.
  ///   - command: The subcommand's name, for the message about a missing script.
  /// - Returns: The script's path (`-` for standard input).
  /// - Throws: ``UsageError`` when no script was given.
  static func requiredScript(_ script: String?, of command: String) throws(UsageError) -> String {
    guard let script else {
      throw UsageError("\(command) needs a script file (or '-' for standard input)")
    }
    return script
  }

  /// Checks that a flag was given without a value (`--watch`, not `--watch=yes`).
  ///
  /// - Parameters:
  ///   - name: The flag as given.
  ///   - inline: Its inline value, if any.
  /// - Throws: ``UsageError`` when the flag has a value.
  static func flag(_ name: String, inline: String?) throws(UsageError) {
    guard inline == nil else { throw UsageError("\(name) takes no value") }
  }
}
