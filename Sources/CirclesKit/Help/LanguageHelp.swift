import CircleScript

/// The language reference the binary carries: `circles help language`, the REPL's
/// `:help language`, and the manual page's section on scripts, all one text.
enum LanguageHelp {
  /// The topic's name: `circles help language`.
  static let topic = "language"

  /// A summary of the whole language, the commands listed from their own help.
  static var overview: String {
    let usages = CommandHelp.all.flatMap { help in
      help.usage.count > 1 && help.usage[1].hasPrefix("  ")
        ? [help.usage[0] + " … }"] : help.usage
    }
    return """
      A drawing script is UTF-8 text, one command per line, words separated by spaces or tabs.
      '//' starts a comment that runs to the end of the line; blank lines are ignored. Every
      change is one undo step and one frame; a group is one step.

      Values:
        number   12, -3.5, .5; a variable; or an expression in parentheses: (cx + 40 * cos(i))
        point    x,y with no spaces: 120,80 or (cx + 10),cy
        size     WxH, whole numbers: 400x300
        colour   #rgb, #rgba, #rrggbb, #rrggbbaa, a CSS name (cornflowerblue), none,
                 transparent, rgb(r, g, b[, a]) or hsl(h, s, l[, a])
        id       a letter or '_', then letters, digits, '_' or '-': sun, dot-2, dot{i}
        string   "…" with \\" and \\\\ escapes; {expression} puts in a whole number

      Commands:
      \(usages.map { "  " + $0 }.joined(separator: "\n"))

      Expressions: + - * / % (the remainder has the dividend's sign), unary -, parentheses, pi,
      variables, and the functions sin(degrees), cos(degrees), sqrt, abs, floor, ceil, round
      (half away from zero), min(a, b), max(a, b) and random(a, b) (seeded by 'seed').
      Conditions: < <= > >= == != give 1 or 0; not, and, or; any number but 0 is true.
      Variables are numbers, bound by 'let' and 'repeat … as': global at the top level, local
      to the call inside a procedure ('def'), as are its parameters.
      'circles help colours' lists the colour names.

      Errors are reported as compilers report them, file:line:column, and nothing after a
      runtime error runs. 'circles help <command>' shows one command: circles help add.
      """
  }

  /// The topic of the colours: `circles help colours` (or `colors`).
  static let coloursTopic = "colours"

  /// How a colour is written, and every name.
  static var colours: String {
    var lines: [String] = []
    var line = " "
    for name in NamedColours.names {
      if line.count + name.count + 1 > 80 {
        lines.append(line)
        line = " "
      }
      line += " " + name
    }
    lines.append(line)
    return """
      A colour is written #rgb, #rgba, #rrggbb or #rrggbbaa (hexadecimal, the last digits the
      opacity); rgb(r, g, b[, a]) with red, green and blue of 0…255 and an opacity of 0…1;
      hsl(h, s, l[, a]) with a hue in degrees and saturation and lightness of 0…100, each with
      an optional %; 'none' (no fill or stroke); or one of these names, as in CSS, in any case:

      \(lines.joined(separator: "\n"))

      Example: add sun at 60,60 r 20 fill gold stroke #ff8800 width 3
      """
  }

  /// The help of a topic of the language: `language`, `colours`, or a command's name.
  static func text(for topic: String) -> String? {
    switch topic.lowercased() {
    case Self.topic: overview
    case Self.coloursTopic, "colors": colours
    default: CommandHelp.named(topic)?.text
    }
  }

  /// Every topic of the language, for suggestions: `language`, `colours` and the command words.
  static var topics: [String] { [topic, coloursTopic] + CommandHelp.all.map(\.name) }
}
