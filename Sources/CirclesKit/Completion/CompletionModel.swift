/// What shell completion knows of a tool: its own options and, for each subcommand, its
/// options and operands. Made from the same descriptions the parsers use.
struct CompletionModel: Equatable, Sendable {
  /// One subcommand.
  struct Command: Equatable, Sendable {
    /// The word that selects it.
    var name: String
    /// One line that says what it does.
    var summary: String
    /// Every option it reads, `--help` included.
    var options: [CommandOption]
    /// The words that are not options.
    var operands: CommandOperands
  }

  /// The command's name: `circles`.
  var tool: String
  /// The version, named in the scripts' first lines.
  var version: String
  /// The options that may come before a subcommand.
  var options: [CommandOption]
  /// The subcommands, in the order the tool's help lists them.
  var commands: [Command]

  /// The first lines of a script: what it is, how it was made and where it goes.
  func header(for shell: CompletionShell) -> String {
    let loading =
      switch shell {
      case .bash: "; or: source <(\(tool) completions bash)"
      case .zsh: " (any folder on $fpath, before compinit)."
      case .fish: " (any folder on $fish_complete_path)."
      }
    return """
      # \(shell.rawValue) completion for \(tool) \(version), written by \
      '\(tool) completions \(shell.rawValue)'.
      # Installed as <prefix>/\(shell.installPath)\(loading)
      """
  }
}

extension String {
  /// A glob for names ending in `.<extension>` in any case: `png` gives `[pP][nN][gG]`.
  var caseInsensitiveGlob: String {
    map { $0.isLetter ? "[\($0.lowercased())\($0.uppercased())]" : String($0) }.joined()
  }
}
