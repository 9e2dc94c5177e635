import CircleScript
import CircleSystem

/// `circles completions bash|zsh|fish`: the shell completion script.
struct CompletionsCommand: Subcommand {
  static let name = "completions"
  static let summary = "Print the shell completion script for bash, zsh or fish."
  static let discussion = """
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
    """
  static let epilogue = """
    Exit codes: 0 success, 2 an unknown shell or a mistake on the command line.
    """

  static var options: [CommandOption] {
    []
  }
  static var operands: CommandOperands {
    CommandOperands(
      placeholders: ["shell"], kind: .choices(CompletionShell.allCases.map(\.rawValue)),
      noun: "one shell", missing: "a shell: bash, zsh or fish", synopsis: "<bash | zsh | fish>")
  }

  var shell: CompletionShell

  init(_ arguments: ParsedArguments) throws(UsageError) {
    let word = arguments.operands[0]
    guard let shell = CompletionShell(rawValue: word) else {
      let shown = DisplayText.escaped(word)
      var message = "unknown shell '\(shown)'; use bash, zsh or fish"
      if let guess = Suggestion.closest(to: word, among: CompletionShell.allCases.map(\.rawValue)) {
        message = "unknown shell '\(shown)'; did you mean '\(guess)'?"
      }
      throw UsageError(message)
    }
    self.shell = shell
  }

  func run(in context: ToolContext) -> Int32 {
    // The script ends with a line break of its own; print adds one more.
    context.console.print(String(CommandLineTool.completionScript(for: shell).dropLast()))
    return ExitCode.success
  }
}
