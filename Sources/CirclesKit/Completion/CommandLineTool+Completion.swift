/// Shell completion of the tool, made from the option descriptions of its parsers.
extension CommandLineTool {
  /// What completion knows of `circles`.
  static var completionModel: CompletionModel {
    CompletionModel(
      tool: "circles", version: version, options: options,
      commands: subcommands.map {
        .init(name: $0.name, summary: $0.summary, options: $0.allOptions, operands: $0.operands)
      })
  }

  /// The script that makes a shell complete `circles`: its subcommands, their options, the
  /// values of options that take a choice, and file names by extension where a file is
  /// expected. What `circles completions <shell>` prints.
  ///
  /// - Parameter shell: the shell to write it for.
  /// - Returns: the script, ending with a line break.
  package static func completionScript(for shell: CompletionShell) -> String {
    let model = completionModel
    switch shell {
    case .bash: return BashCompletion(model: model).script
    case .zsh: return ZshCompletion(model: model).script
    case .fish: return FishCompletion(model: model).script
    }
  }
}
