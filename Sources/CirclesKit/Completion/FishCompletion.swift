/// The fish completion script: `complete` commands, each on the condition of the subcommand
/// typed so far.
struct FishCompletion {
  var model: CompletionModel

  /// The whole script.
  var script: String {
    var lines = [model.header(for: .fish), "", helpers]
    let tool = model.tool
    lines.append("complete -c \(tool) -e")
    lines.append("complete -c \(tool) -f")
    let top = "'not \(prefix)_subcommand'"
    for option in model.options { lines.append(line(for: option, condition: top)) }
    for command in model.commands {
      lines.append(
        "complete -c \(tool) -n \(top) -a \(command.name) -d \(quoted(command.summary))")
    }
    for command in model.commands {
      lines.append("")
      lines.append("# \(tool) \(command.name)")
      let using = "\(prefix)_using \(command.name)"
      for option in command.options {
        lines.append(line(for: option, condition: quoted(using)))
        if let value = option.value, value.isOptional {
          // fish gives an optional value only after '='; the next word may be one too.
          lines.append(
            "complete -c \(tool) -n \(quoted("\(using); and \(prefix)_after \(option.name)")) "
              + "-a \(quoted(arguments(for: value.kind) ?? ""))")
        }
      }
      if !command.operands.placeholders.isEmpty,
        let arguments = arguments(for: command.operands.kind)
      {
        let condition = "\(using); and not string match -q -- '-*' (commandline -ct)"
        lines.append("complete -c \(tool) -n \(quoted(condition)) -k -a \(quoted(arguments))")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private var prefix: String { "__\(model.tool)" }

  private var helpers: String {
    """
    # Prints the subcommand typed so far: the first word after the command that is not an
    # option.
    function \(prefix)_subcommand
        for word in (commandline -opc)[2..-1]
            if not string match -q -- '-*' $word
                echo $word
                return 0
            end
        end
        return 1
    end

    # Whether the subcommand typed so far is the one given.
    function \(prefix)_using --argument-names name
        set -l subcommand (\(prefix)_subcommand)
        test "$subcommand" = "$name"
    end

    # Whether the word before the cursor is the option given.
    function \(prefix)_after --argument-names option
        set -l words (commandline -opc)
        test (count $words) -gt 1; and test "$words[-1]" = "$option"
    end

    # Folders (to walk into) and the files whose names end in '.' and one of the extensions
    # given (any file when none is).
    function \(prefix)_files
        set -l token (commandline -ct)
        for path in (complete -C "__fish_command_without_completions $token")
            if string match -q -- '*/' $path; or not set -q argv[1]
                echo $path
                continue
            end
            for extension in $argv
                if string match -qi -- "*.$extension" $path
                    echo $path
                    break
                end
            end
        end
    end

    """
  }

  /// The `complete` line of one option.
  private func line(for option: CommandOption, condition: String) -> String {
    var words = ["complete", "-c", model.tool, "-n", condition]
    if let short = option.short { words += ["-s", String(short.dropFirst())] }
    words += ["-l", String(option.name.dropFirst(2))]
    if let value = option.value {
      // An optional value comes only after '=' in fish; a required one is the next word too.
      if !value.isOptional { words.append("-x") }
      if let arguments = arguments(for: value.kind) { words += ["-k", "-a", quoted(arguments)] }
    }
    words += ["-d", quoted(option.summary)]
    return words.joined(separator: " ")
  }

  /// What `-a` offers for values of a kind; `nil` for free text.
  private func arguments(for kind: ValueKind) -> String? {
    switch kind {
    case .choices(let words):
      return words.joined(separator: " ")
    case .file(let extensions):
      let call = ([prefix + "_files"] + extensions).joined(separator: " ")
      return "(\(call))"
    case .folder:
      return "(__fish_complete_directories)"
    case .text:
      return nil
    }
  }

  /// A word in single quotes.
  private func quoted(_ text: String) -> String {
    let escaped = text.replacingOccurrences(of: "\\", with: "\\\\")
      .replacingOccurrences(of: "'", with: "\\'")
    return "'\(escaped)'"
  }
}
