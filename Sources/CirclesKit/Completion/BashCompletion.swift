/// The bash completion script: one function per subcommand, registered with `complete -F`.
///
/// It needs only bash 4 (`compgen`, `compopt`, `mapfile`), not the bash-completion package,
/// so it also works when sourced by hand. Values typed after `=` (`--format=s`) are completed
/// whether or not `=` is one of readline's word breaks.
struct BashCompletion {
  var model: CompletionModel

  /// The whole script.
  var script: String {
    var lines = [model.header(for: .bash), "", helpers, main]
    for command in model.commands { lines.append(function(for: command)) }
    lines.append("complete -F _\(model.tool) \(model.tool)")
    return lines.joined(separator: "\n") + "\n"
  }

  private var prefix: String { "_\(model.tool)" }

  private var helpers: String {
    """
    # Adds the words after the first argument that start with it.
    \(prefix)_words() {
      local cur="$1"
      shift
      mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -W "$*" -- "$cur")
    }

    # Prints a word as typed without its quoting: an opening quote, backslashes before
    # characters ('my\\ dir' is 'my dir'). Nothing is evaluated.
    \(prefix)_dequote() {
      local word="$1" plain="" i c
      case "$word" in \\'* | \\"*) word="${word:1}" ;; esac
      for ((i = 0; i < ${#word}; i++)); do
        c="${word:i:1}"
        if [ "$c" = "\\\\" ]; then
          i=$((i + 1))
          c="${word:i:1}"
        fi
        plain+="$c"
      done
      printf '%s' "$plain"
    }

    # Adds the folders that start with the first argument.
    \(prefix)_folders() {
      compopt -o filenames 2>/dev/null
      mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -d -- "$(\(prefix)_dequote "$1")")
    }

    # Adds folders (to walk into) and the files whose names end in '.' and one of the globs
    # after the first argument; any file when there is none.
    \(prefix)_files() {
      local cur glob name
      cur="$(\(prefix)_dequote "$1")"
      \(prefix)_folders "$1"
      shift
      while IFS= read -r name; do
        [ -d "$name" ] || COMPREPLY+=("$name")
      done < <(
        if [ $# -eq 0 ]; then compgen -f -- "$cur"; fi
        for glob; do compgen -f -X "!*.$glob" -- "$cur"; done
      )
    }

    """
  }

  private var main: String {
    let words = model.commands.map(\.name).joined(separator: " ")
    let cases = model.commands.map {
      "    \($0.name)) \(prefix)_\(identifier($0.name)) \"$option\" \"$cur\" \"$operands\" ;;"
    }
    return """
      \(prefix)() {
        local cur="${COMP_WORDS[COMP_CWORD]}" option="" command="" operands="" inline="" i
        COMPREPLY=()
        # The subcommand is the first word that is not an option; after '--' all are operands.
        for ((i = 1; i < COMP_CWORD; i++)); do
          if [ -z "$command" ]; then
            case "${COMP_WORDS[i]}" in -*) ;; *) command="${COMP_WORDS[i]}" ;; esac
          elif [ "${COMP_WORDS[i]}" = "--" ]; then
            operands=1
          fi
        done
        # The option whose value is typed: '--format s', or '--format=s', which bash splits
        # into '--format', '=' and 's' (the option is then given with its '=').
        if [ "$cur" = "=" ] && [ "$COMP_CWORD" -gt 1 ]; then
          option="${COMP_WORDS[COMP_CWORD-1]}="
          cur=""
        elif [ "$COMP_CWORD" -gt 2 ] && [ "${COMP_WORDS[COMP_CWORD-1]}" = "=" ]; then
          option="${COMP_WORDS[COMP_CWORD-2]}="
        elif [[ $cur == --*=* ]]; then
          inline="${cur%%=*}="
          option="$inline"
          cur="${cur#*=}"
        elif [ "$COMP_CWORD" -gt 1 ]; then
          option="${COMP_WORDS[COMP_CWORD-1]}"
        fi
        case "$command" in
          "")
            if [[ $cur == -* ]]; then
              \(prefix)_words "$cur" \(names(model.options))
            else
              \(prefix)_words "$cur" \(words)
            fi
            ;;
      \(cases.joined(separator: "\n"))
        esac
        if [ -n "$inline" ]; then
          COMPREPLY=("${COMPREPLY[@]/#/$inline}")
        fi
      }

      """
  }

  private func function(for command: CompletionModel.Command) -> String {
    var cases: [String] = []
    for option in command.options {
      guard let value = option.value else { continue }
      let action = completion(of: value.kind)
      if value.isOptional {
        // `--record=x` is the value; after a bare `--record` the word may be either.
        cases.append("      \(option.name)=) \(action); return ;;")
        cases.append("      \(option.name)) \(action) ;;")
      } else {
        let patterns = option.names.flatMap { $0.hasPrefix("--") ? [$0, "\($0)="] : [$0] }
          .joined(separator: " | ")
        cases.append("      \(patterns)) \(action); return ;;")
      }
    }
    let optionCase =
      cases.isEmpty
      ? "" : "    case \"$option\" in\n\(cases.joined(separator: "\n"))\n    esac\n"
    return """
      # \(model.tool) \(command.name)
      \(prefix)_\(identifier(command.name))() {
        local option="$1" cur="$2"
        if [ -z "$3" ]; then
      \(optionCase)\
          if [[ $cur == -* ]]; then
            \(prefix)_words "$cur" \(names(command.options))
            return
          fi
        fi
        \(command.operands.placeholders.isEmpty ? ":" : completion(of: command.operands.kind))
      }

      """
  }

  /// The helper call that offers values of a kind for `$cur`.
  private func completion(of kind: ValueKind) -> String {
    switch kind {
    case .choices(let words):
      "\(prefix)_words \"$cur\" \(words.map(quoted).joined(separator: " "))"
    case .file(let extensions):
      (["\(prefix)_files \"$cur\""] + extensions.map { quoted($0.caseInsensitiveGlob) })
        .joined(separator: " ")
    case .folder: "\(prefix)_folders \"$cur\""
    case .text: ":"
    }
  }

  private func names(_ options: [CommandOption]) -> String {
    options.flatMap(\.names).joined(separator: " ")
  }

  /// A word in single quotes.
  private func quoted(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// A subcommand's name as part of a function name.
  private func identifier(_ name: String) -> String {
    String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
  }
}
