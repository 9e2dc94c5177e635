import CircleScript

/// What Tab completes in the REPL: the word before the cursor, from what may stand there.
///
/// The first word of a line completes to a command or a session command (`:help`); after
/// `:help`, to a command's name; after `fill`, `stroke` and `background`, to a colour name;
/// the circle after `remove`, `move`, `set`, `front` and `back`, to a circle's id; anywhere
/// else on a command's line, to its keywords (`radius`, `opacity`, `by`, …).
enum ReplCompletion {
  /// The words that may replace the last word of `line` (the line up to the cursor), sorted.
  ///
  /// - Parameters:
  ///   - line: the text before the cursor.
  ///   - circles: the ids of the canvas's circles.
  /// - Returns: every choice that starts with the word typed so far (ignoring case for colour
  ///   names and keywords).
  static func choices(for line: String, circles: [String]) -> [String] {
    let endsWord = !(line.last.map { $0 == " " || $0 == "\t" } ?? true)
    var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    let partial = endsWord ? words.removeLast() : ""
    let candidates: [String]
    if let first = words.first {
      candidates = following(words, command: first, circles: circles)
    } else {
      candidates = CommandHelp.all.map(\.name) + ReplSession.sessionCommandNames
    }
    let prefix = partial.lowercased()
    return Set(candidates.filter { $0.lowercased().hasPrefix(prefix) }).sorted()
  }

  /// What may follow `words`, a line's words before the one being typed.
  private static func following(
    _ words: [String], command: String, circles: [String]
  ) -> [String] {
    let previous = words.last!.lowercased()
    if command == ":help" || command == ":h" {
      return words.count == 1 ? CommandHelp.all.map(\.name) + ReplSession.sessionCommandNames : []
    }
    if ["fill", "stroke", "background"].contains(previous), words.count > 1 {
      return NamedColours.names
    }
    guard let help = CommandHelp.named(command) else { return [] }
    switch help.name {
    case "remove", "front", "back":
      return words.count == 1 ? circles : []
    case "move", "set":
      if words.count == 1 { return circles }
    case "expect":
      if words.count > 1, ["undo", "redo"].contains(words[1].lowercased()) {
        return words.count == 2 ? ["none"] : []
      }
      if words.count == 1 { return ["count", "undo", "redo", "pixel"] }
      return words[1].lowercased() == "pixel" ? ["within"] : []
    default:
      break
    }
    return help.keywords.filter { keyword in !words.contains { $0.lowercased() == keyword } }
  }
}
