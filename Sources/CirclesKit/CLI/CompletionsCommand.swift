import CircleScript

/// `circles completions bash|zsh|fish`: the shell completion script.
struct CompletionsCommand: HandParsedSubcommand {
  static let name = "completions"
  static let summary = "Print the shell completion script for bash, zsh or fish."
  static let help = """
    Usage: circles completions <bash | zsh | fish>

    Prints a script that makes the shell complete circles' subcommands, their options, the
    values of options (formats, compressions, record modes) and the files they take (.circles
    scripts, .png images, folders). scripts/install puts all three where the shells look; by
    hand:

      bash   circles completions bash > ~/.local/share/bash-completion/completions/circles
             (read by the bash-completion package), or in ~/.bashrc:
             source <(circles completions bash)
      zsh    circles completions zsh > ~/.zfunc/_circles
             with fpath=(~/.zfunc $fpath) before compinit in ~/.zshrc
      fish   circles completions fish > ~/.config/fish/completions/circles.fish

    Options:
      -h, --help   Show this help.

    Exit codes: 0 success, 2 an unknown shell or a mistake on the command line.
    """

  static let options: [CommandOption] = []
  static let operands = CommandOperands(
    placeholders: ["shell"], kind: .choices(CompletionShell.allCases.map(\.rawValue)))

  var shell: CompletionShell

  init(arguments: [String]) throws(UsageError) {
    var reader = ArgumentReader(arguments)
    var chosen: CompletionShell?
    while let item = reader.next() {
      switch item {
      case .positional(let value):
        let shown = DiagnosticPrinter.visibleText(value)
        guard chosen == nil else {
          throw UsageError("completions takes one shell; '\(shown)' is extra")
        }
        guard let shell = CompletionShell(rawValue: value) else {
          var message = "unknown shell '\(shown)'; use bash, zsh or fish"
          if let guess = Suggestion.closest(to: value, among: CompletionShell.allCases.map(\.rawValue)) {
            message = "unknown shell '\(shown)'; did you mean '\(guess)'?"
          }
          throw UsageError(message)
        }
        chosen = shell
      case .option(let name, _):
        throw Self.unknownOption(name)
      }
    }
    guard let chosen else { throw UsageError("completions needs a shell: bash, zsh or fish") }
    shell = chosen
  }

  func run(in context: ToolContext) -> Int32 {
    // The script ends with a line break of its own; print adds one more.
    context.console.print(String(CommandLineTool.completionScript(for: shell).dropLast()))
    return ExitCode.success
  }
}
