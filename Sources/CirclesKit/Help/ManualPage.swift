import Foundation

/// The manual page `circles.1`, made from the tool's help and the subcommands' declarations (the
/// same parts their `--help` is made of), so that the two cannot drift: `circles help --man`,
/// installed by scripts/install.
struct ManualPage {
  /// The version the page names.
  var version: String
  /// The tool's `--help`.
  var tool: String
  /// The subcommands' help, a section each.
  var subcommands: [SubcommandHelp]

  /// The page in roff, for `man -l` and `man circles`.
  var text: String {
    var page = [
      #".TH CIRCLES 1 "" "circles \#(version)" "User Commands""#,
      ".SH NAME",
      #"circles \- "# + Self.escaped(summary),
      ".SH SYNOPSIS",
      #".B circles"#,
      #".I subcommand"#,
      "[options]",
      ".SH DESCRIPTION",
    ]
    page += Self.body(of: description)
    page.append(".SH SUBCOMMANDS")
    for help in subcommands {
      page.append(".SS \"circles \(help.name)\"")
      page += [".nf"] + help.usage.map(Self.escaped) + [".fi"]
      page += Self.body(of: help.discussion)
      page += [".PP", ".B Options:"]
      for option in help.options {
        page += [".TP", ".B " + Self.escaped(option.tag), Self.escaped(option.description)]
      }
      page += Self.body(of: help.epilogue)
    }
    page.append(".SH THE LANGUAGE")
    page += Self.body(of: LanguageHelp.overview)
    page.append(".SS Commands")
    for command in CommandHelp.all {
      let usage = command.usage.filter { !$0.hasPrefix(" ") && $0 != "}" }
      page += [".TP", ".B " + Self.escaped(usage[0])]
      page += usage.dropFirst().flatMap { [".B " + Self.escaped($0), ".br"] }
      page += [Self.escaped(command.summary), ".br", Self.escaped("Example: " + command.example)]
    }
    page.append(".SS Colours")
    page += Self.body(of: LanguageHelp.colours)
    page += [
      ".SH EXIT STATUS",
      "0 success; 1 a check or an expect failed; 2 an error in the script or the command line.",
      ".SH ENVIRONMENT",
      ".TP", ".B CI", "When set, a check records no golden unless --record asks.",
      ".TP", ".B CIRCLES_RECORD", "The record mode of circles check when --record is not given.",
      ".TP", ".B NO_COLOR", "When set, diagnostics are not coloured.",
    ]
    return page.joined(separator: "\n") + "\n"
  }

  /// The tool's one-line summary: its help's first paragraph, after the name.
  private var summary: String {
    let paragraph = tool.components(separatedBy: "\n\n")[0].replacingOccurrences(
      of: "\n", with: " ")
    return paragraph.drop { $0 != " " }.drop { $0 == " " || $0 == "—" }.description
  }

  /// The tool's help after its first paragraph.
  private var description: String {
    tool.components(separatedBy: "\n\n").dropFirst().joined(separator: "\n\n")
  }

  /// A help text in roff: its paragraphs as paragraphs, lines of `Options:` and other lists
  /// (`  -o, --output <dir>   Folder…`) as tagged paragraphs, and any other indented lines as
  /// they are laid out.
  static func body(of help: String) -> [String] {
    var lines: [String] = []
    for block in help.components(separatedBy: "\n\n") {
      let rows = block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      guard let first = rows.first, !first.isEmpty else { continue }
      if first.hasPrefix("Usage: ") {
        lines += [".nf"] + rows.map(escaped) + [".fi"]
      } else if first.hasSuffix(":"), rows.count > 1, rows[1].hasPrefix("  ") {
        lines += [".PP", ".B " + escaped(first)]
        lines += list(Array(rows.dropFirst()))
      } else if first.hasPrefix("  ") {
        lines += [".PP", ".nf"] + rows.map(escaped) + [".fi"]
      } else {
        lines += [".PP"] + rows.map(escaped)
      }
    }
    return lines
  }

  /// Lines such as `  --name <v>   What it does,` with their continuation lines, as tagged
  /// paragraphs (`.TP`): the tag bold, the rest running text.
  private static func list(_ rows: [String]) -> [String] {
    var lines: [String] = []
    for row in rows {
      let text = row.drop { $0 == " " }
      let indent = row.count - text.count
      if indent <= 4, let gap = text.firstRange(of: "  ") {
        lines += [".TP", ".B " + escaped(String(text[..<gap.lowerBound]))]
        lines.append(escaped(String(text[gap.upperBound...].drop { $0 == " " })))
      } else if indent <= 4 {
        lines += [".br", escaped(String(text))]
      } else {
        lines.append(escaped(String(text)))
      }
    }
    return lines
  }

  /// Text made safe for roff: backslashes, dashes and double quotes escaped, characters beyond ASCII
  /// written as groff's Unicode escapes (`\[u2014]`), and a line that would start with a
  /// control character (`.` or `'`) guarded.
  static func escaped(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": escaped += "\\e"
      case "-": escaped += "\\-"
      case "\"": escaped += "\\(dq"
      case _ where scalar.isASCII: escaped.unicodeScalars.append(scalar)
      default:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        escaped += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      }
    }
    return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
  }
}
