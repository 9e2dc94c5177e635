/// The zsh completion script: an `_circles` function for the completion system, one
/// `_arguments` call per subcommand.
///
/// Autoloaded from a folder on `$fpath` it completes at once; sourced by hand it registers
/// itself with `compdef`.
struct ZshCompletion {
  var model: CompletionModel

  /// The whole script.
  var script: String {
    var parts = ["#compdef \(model.tool)", model.header(for: .zsh), "", main]
    for command in model.commands { parts.append(function(for: command)) }
    parts.append(
      """
      if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
        \(prefix) "$@"
      else
        compdef \(prefix) \(model.tool)
      fi
      """)
    return parts.joined(separator: "\n") + "\n"
  }

  private var prefix: String { "_\(model.tool)" }

  private var main: String {
    let commands = model.commands.map {
      "    " + quoted(escapedName($0.name) + ":" + $0.summary)
    }
    let dispatch = model.commands.map {
      "        (\($0.name)) \(prefix)_\(identifier($0.name)) ;;"
    }
    let specs =
      model.options.flatMap(specs(for:)) + ["'1: :->subcommand'", "'*:: :->argument'"]
    return """
      \(prefix)() {
        local curcontext="$curcontext" state line
        local -a subcommands
        subcommands=(
      \(commands.joined(separator: "\n"))
        )
        _arguments -C \\
          \(specs.joined(separator: " \\\n    "))
        case $state in
          (subcommand)
            _describe -t subcommands '\(model.tool) subcommand' subcommands
            ;;
          (argument)
            curcontext="${curcontext%:*:*}:\(model.tool)-$words[1]:"
            case $words[1] in
      \(dispatch.joined(separator: "\n"))
            esac
            ;;
        esac
      }

      """
  }

  private func function(for command: CompletionModel.Command) -> String {
    var specs = command.options.flatMap(specs(for:))
    let operands = command.operands
    for (index, placeholder) in operands.placeholders.enumerated() {
      let last = index == operands.placeholders.count - 1
      let position = last && operands.repeatsLast ? "*" : "\(index + 1)"
      specs.append(
        quoted("\(position):\(message(placeholder)):\(action(for: operands.kind))"))
    }
    return """
      # \(model.tool) \(command.name)
      \(prefix)_\(identifier(command.name))() {
        _arguments -S \\
          \(specs.joined(separator: " \\\n    "))
      }

      """
  }

  /// The `_arguments` specifications of one option: one per name, the names excluding each
  /// other, `--help` and `--version` excluding everything.
  private func specs(for option: CommandOption) -> [String] {
    let stops = option == .help || option.name == "--version"
    let names = option.names
    var exclusions = ""
    if stops {
      exclusions = "(- *)"
    } else if names.count > 1, !option.repeats {
      exclusions = "(\(names.joined(separator: " ")))"
    }
    let description = "[\(escapedDescription(option.summary))]"
    return names.map { name in
      var spec = (option.repeats ? "*" : "") + exclusions + name
      if let value = option.value {
        let long = name.hasPrefix("--")
        if value.isOptional {
          // The value is optional: after '=', or as the next word.
          spec += (long ? "=" : "+") + description
          spec += "::\(message(value.placeholder)):\(action(for: value.kind))"
        } else {
          spec += (long ? "=" : "") + description
          spec += ":\(message(value.placeholder)):\(action(for: value.kind))"
        }
      } else {
        spec += description
      }
      return quoted(spec)
    }
  }

  /// What zsh runs to offer values of a kind.
  private func action(for kind: ValueKind) -> String {
    switch kind {
    case .choices(let words): "(\(words.map(escapedWord).joined(separator: " ")))"
    case .file(let extensions) where extensions.isEmpty: "_files"
    case .file(let extensions):
      "_files -g \"*.(#i)(\(extensions.joined(separator: "|")))(-.)\""
    case .folder: "_files -/"
    case .text: " "
    }
  }

  /// A message shown above the values: colons would end it, `%` starts a prompt escape.
  private func message(_ text: String) -> String {
    text.replacingOccurrences(of: ":", with: "\\:").replacingOccurrences(of: "%", with: "%%")
  }

  private func escapedDescription(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "]", with: "\\]")
      .replacingOccurrences(of: "[", with: "\\[")
  }

  private func escapedName(_ name: String) -> String {
    name.replacingOccurrences(of: ":", with: "\\:")
  }

  private func escapedWord(_ word: String) -> String {
    String(word.flatMap { " ()\\:".contains($0) ? ["\\", $0] : [$0] })
  }

  /// A word in single quotes.
  private func quoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  private func identifier(_ name: String) -> String {
    String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
  }
}
