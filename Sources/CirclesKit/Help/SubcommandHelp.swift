/// A subcommand's `--help`, made from its declarations: the usage line from its operands and
/// options, its discussion, one entry per option (its tag, its help and its default, wrapped)
/// and its epilogue. The manual page lays out the same parts in roff.
struct SubcommandHelp {
  /// The width the help is wrapped to.
  static let width = 96
  /// The widest tag that shares its line with the description; longer ones stand alone.
  static let widestTag = 28
  /// Past this many options, the usage line says `[options]` instead of listing them.
  static let listedOptions = 12

  var name: String
  var discussion: String
  var epilogue: String
  /// Every option, `--help` last.
  var options: [CommandOption]
  var operands: CommandOperands

  /// The help of the tool itself, for its options' entries (``CommandLineTool/help``).
  init(toolOptions: [CommandOption]) {
    name = ""
    discussion = ""
    epilogue = ""
    options = toolOptions
    operands = .none
  }

  init(_ command: any Subcommand.Type) {
    name = command.name
    discussion = command.discussion
    epilogue = command.epilogue
    options = command.allOptions
    operands = command.operands
  }

  /// `Usage: circles run <script.circles | -> [-o <dir>] …`, wrapped under its first word.
  var usage: [String] {
    let lead = "Usage: circles \(name)"
    var words: [String] = []
    if !operands.placeholders.isEmpty { words.append(operandsSynopsis) }
    let own = options.filter { $0 != .help }
    if own.count > Self.listedOptions {
      words.append("[options]")
    } else {
      words += own.map { option in
        var tag = option.short ?? option.name
        if let value = option.value {
          let shown = value.kind.shownPlaceholder(value.placeholder)
          tag += value.isOptional ? " [<\(shown)>]" : " <\(shown)>"
        }
        return "[\(tag)]" + (option.repeats ? "..." : "")
      }
    }
    let indent = String(repeating: " ", count: lead.count + 1)
    var lines = [lead]
    for word in words {
      if lines[lines.count - 1].count + 1 + word.count > Self.width {
        lines.append(indent + word)
      } else {
        lines[lines.count - 1] += " " + word
      }
    }
    return lines
  }

  /// The operands as the usage line writes them: `<script.circles | ->`, `<dir>...`,
  /// `[<topic>]`.
  var operandsSynopsis: String {
    if let synopsis = operands.synopsis { return synopsis }
    var text = operands.placeholders.map { "<\($0)>" }.joined(separator: " ")
    if operands.repeatsLast { text += "..." }
    return operands.isOptional ? "[\(text)]" : text
  }

  /// The column at which descriptions start.
  var column: Int {
    2 + (options.map(\.tag.count).filter { $0 <= Self.widestTag }.max() ?? 0) + 3
  }

  /// The lines of one option's entry.
  func entry(for option: CommandOption) -> [String] {
    let pad = String(repeating: " ", count: column)
    let text = CommandHelp.wrapped(option.description, width: Self.width - column).map {
      pad + $0
    }
    let tag = "  " + option.tag
    guard tag.count + 2 <= column, let first = text.first else { return [tag] + text }
    return [tag + first.dropFirst(tag.count)] + text.dropFirst()
  }

  /// The whole `--help` text.
  var text: String {
    var parts = [usage.joined(separator: "\n")]
    if !discussion.isEmpty { parts.append(discussion) }
    parts.append((["Options:"] + options.flatMap(entry(for:))).joined(separator: "\n"))
    if !epilogue.isEmpty { parts.append(epilogue) }
    return parts.joined(separator: "\n\n")
  }
}
