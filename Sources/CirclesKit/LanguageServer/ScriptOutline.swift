import CircleCanvas
import CircleEngine
import CircleScript
import Foundation

/// What an editor asks of a script at a position, answered from its words: the circles it
/// adds, its variables, groups and loops, where each is made.
struct ScriptOutline {
  /// A word of a line: its text and where it is (0-based line, UTF-16 columns).
  struct Word {
    var text: Substring
    var line: Int
    var start: Int
    var end: Int
    var range: LSPRange {
      LSPRange(
        start: LSPPosition(line: line, character: start),
        end: LSPPosition(line: line, character: end))
    }
  }

  let text: String
  /// The words of each line, comments left out.
  let words: [[Word]]

  /// Where a circle is added by name: each `add <id>` line's id, in order, as the parser
  /// reads it (`add at at 1,1 r 1` names a circle `at`).
  let additions: [Word]
  /// The procedures: each `def` and each call.
  let procedures: ScriptProcedures

  init(_ text: String) {
    self.text = text
    words = DocumentText.lines(text).enumerated().map { number, line in
      Self.words(of: line, number: number)
    }
    let lines = LineIndex(text)
    let read = ScriptWords.lines(Array(text.utf8), fileName: "script")
    procedures = ScriptProcedures(text, lines: lines, read: read)
    additions = read.lines.compactMap { line in
      guard line.tokens.first?.text == "add", let id = ScriptWords.circleID(in: line) else {
        return nil
      }
      let range = lines.range(id.range)
      return Word(
        text: Substring(id.text), line: range.start.line, start: range.start.character,
        end: range.end.character)
    }
  }

  /// The words of a line up to a `//` comment, split at spaces and tabs.
  static func words(of line: Substring, number: Int) -> [Word] {
    var result: [Word] = []
    var offset = 0
    var current: (start: Int, text: String)?
    var inString = false
    var previous: Character?
    for character in line {
      if !inString, character == "/", previous == "/" {
        if var word = current {
          word.text.removeLast()
          if !word.text.isEmpty {
            result.append(
              Word(text: Substring(word.text), line: number, start: word.start, end: offset - 1))
          }
          current = nil
        }
        break
      }
      if character == "\"" { inString.toggle() }
      if !inString, character == " " || character == "\t" {
        if let word = current {
          result.append(
            Word(text: Substring(word.text), line: number, start: word.start, end: offset))
        }
        current = nil
      } else if current == nil {
        current = (offset, String(character))
      } else {
        current?.text.append(character)
      }
      offset += character.utf16.count
      previous = character
    }
    if let word = current {
      result.append(Word(text: Substring(word.text), line: number, start: word.start, end: offset))
    }
    return result
  }

  /// Where variables are bound: `let <name>` and `repeat … as <name>`.
  var bindings: [Word] {
    words.flatMap { line -> [Word] in
      guard let first = line.first else { return [] }
      if first.text == "let", line.count > 1 {
        return [line[1]].map { word in
          var word = word
          if let equals = word.text.firstIndex(of: "=") {
            word.end -= word.text[equals...].utf16.count
            word.text = word.text[..<equals]
          }
          return word
        }
      }
      if first.text == "repeat", let index = line.firstIndex(where: { $0.text == "as" }),
        index + 1 < line.count
      {
        return [line[index + 1]]
      }
      return []
    }
  }

  static let functions = [
    ("sin", "sin(degrees)"), ("cos", "cos(degrees)"), ("sqrt", "sqrt(x)"), ("abs", "abs(x)"),
    ("floor", "floor(x)"), ("ceil", "ceil(x)"), ("round", "round(x): half away from zero"),
    ("min", "min(a, b)"), ("max", "max(a, b)"), ("random", "random(a, b): a ≤ b, seeded by 'seed'"),
    ("rgb", "rgb(r, g, b[, a]): r, g, b 0…255, a 0…1"),
    ("hsl", "hsl(h, s, l[, a]): h in degrees, s and l 0…100"),
  ]

  /// What may be typed at a position: command words first on a line, colour names after
  /// `fill`, `stroke` and `background`, the ids of circles added above after a command that
  /// takes one, else the command's keywords, variables bound above and functions.
  func completions(at position: LSPPosition) -> [LSPCompletionItem] {
    let line = position.line < words.count ? words[position.line] : []
    let before = line.filter { $0.end < position.character }
    guard let command = before.first else {
      return CommandHelp.all.map {
        LSPCompletionItem(label: $0.name, kind: 14, detail: $0.usage[0])
      }
        + procedures.definitions.map {
          LSPCompletionItem(label: $0.name, kind: 3, detail: "procedure \($0.signature)")
        }
    }
    let previous = before.last!.text
    if ["fill", "stroke", "background"].contains(previous) {
      return NamedColours.names.map { name in
        let colour = NamedColours.colour(named: name).map { "\($0)" }
        return LSPCompletionItem(label: name, kind: 16, detail: colour)
      }
    }
    let ids = additions.filter { $0.line < position.line }.map(\.text)
    if before.count == 1, ["remove", "move", "set", "front", "back"].contains(command.text) {
      return Set(ids).sorted().map {
        LSPCompletionItem(label: String($0), kind: 12, detail: "circle")
      }
    }
    let keywords = CommandHelp.named(String(command.text))?.keywords ?? []
    var variables = Set(bindings.filter { $0.line <= position.line }.map { String($0.text) })
    for definition in procedures.definitions where definition.holds(line: position.line) {
      variables.formUnion(definition.parameters.map(\.name))
    }
    return keywords.map { LSPCompletionItem(label: $0, kind: 14, detail: nil) }
      + variables.sorted().map { LSPCompletionItem(label: $0, kind: 6, detail: "variable") }
      + Self.functions.map { LSPCompletionItem(label: $0.0, kind: 3, detail: $0.1) }
  }

  /// The word under a position.
  func word(at position: LSPPosition) -> Word? {
    guard position.line < words.count else { return nil }
    return words[position.line].first {
      $0.start <= position.character && position.character <= $0.end
    }
  }

  /// The name under a position within its word (`sun` in `sun,` or `(r*2)`'s `r`).
  func name(at position: LSPPosition) -> Substring? {
    guard let word = word(at: position) else { return nil }
    var offset = word.start
    var current = ""
    var found: String?
    for character in word.text + " " {
      let isName = character.isLetter || character.isNumber || character == "_" || character == "-"
      if isName {
        current.append(character)
      } else {
        if !current.isEmpty, offset - current.utf16.count <= position.character,
          position.character <= offset
        {
          found = current
        }
        current = ""
      }
      offset += character.utf16.count
    }
    return found.map { Substring($0) }
  }

  /// Where the name under a position is made: the `add` of a circle (the last one above, else
  /// the first), or the `let` or `repeat … as` of a variable.
  func definition(at position: LSPPosition) -> LSPRange? {
    if let procedure = procedures.procedure(at: position) { return procedure.nameRange }
    guard let name = name(at: position) else { return nil }
    // A parameter of the procedure whose body holds the position.
    for definition in procedures.definitions where definition.holds(line: position.line) {
      if let parameter = definition.parameters.first(where: { $0.name == name }) {
        return parameter.range
      }
    }
    for candidates in [additions, bindings] {
      let matching = candidates.filter { $0.text == name }
      if let made = matching.last(where: { $0.line <= position.line }) ?? matching.first {
        return made.range
      }
    }
    return nil
  }

  /// What the name under a position is: a colour's value, a function's form, or a circle's
  /// properties after that line.
  ///
  /// The run up to the line stops at `deadline`, like the run for diagnostics; a circle whose
  /// line it did not reach is said to be so.
  func hover(
    at position: LSPPosition, deadline: ContinuousClock.Instant = .now + .seconds(3600)
  ) -> LSPHover? {
    if let procedure = procedures.procedure(at: position) {
      let line = DocumentText.lines(self.text)[procedure.line].trimmingCharacters(in: .whitespaces)
      return LSPHover(
        contents: LSPMarkup(
          value: "procedure `\(procedure.signature)`, defined on line \(procedure.line + 1): "
            + "`\(line)`"))
    }
    guard let name = name(at: position) else { return nil }
    let text = String(name)
    if let colour = NamedColours.colour(named: text) {
      return LSPHover(contents: LSPMarkup(value: "colour `\(text)`: `\(colour)`"))
    }
    if let function = Self.functions.first(where: { $0.0 == text }) {
      return LSPHover(contents: LSPMarkup(value: "`\(function.1)`"))
    }
    guard additions.contains(where: { $0.text == name }) else { return nil }
    let lines = DocumentText.lines(self.text).prefix(position.line + 1).joined(separator: "\n")
    // The lines up to here, run; when they do not read alone (the line is inside a block), the
    // whole script, at its end; when it does not read either, why.
    var when = ""
    let script: Script
    if let upToHere = try? ScriptSource(bytes: Array(lines.utf8), fileName: "script").parsed() {
      script = upToHere
    } else {
      do {
        script = try ScriptSource(bytes: Array(self.text.utf8), fileName: "script").parsed()
        when = " at the end of the script"
      } catch {
        let first = error.diagnostics.first
        let place = first.map { " (line \($0.location.line): \($0.message))" } ?? ""
        return LSPHover(
          contents: LSPMarkup(
            value: "circle `\(text)`: its properties show once the script reads without an "
              + "error\(place)"))
      }
    }
    let run = EditorRun(script, deadline: deadline)
    if let cutOff = run.cutOff {
      let budget = cutOff.reason == .time ? "time" : "memory"
      return LSPHover(
        contents: LSPMarkup(
          value: "circle `\(text)`: the run did not reach this line within the editor's "
            + "\(budget) budget"))
    }
    guard let circle = run.canvas.circle(withID: text) else { return nil }
    let value =
      "circle `\(text)`\(when) at \(circle.center.x),\(circle.center.y) radius \(circle.radius), "
      + "fill \(circle.fill), stroke \(circle.stroke) width \(circle.strokeWidth), "
      + "opacity \(circle.opacity)"
    return LSPHover(contents: LSPMarkup(value: value))
  }

  /// The circles, groups, loops, `if` branches and procedures of the script, each block holding
  /// what it holds.
  func symbols() -> [LSPSymbol] {
    var stack: [LSPSymbol] = [
      LSPSymbol(
        name: "", kind: 0,
        range: LSPRange(start: .init(line: 0, character: 0), end: .init(line: 0, character: 0)),
        selectionRange: LSPRange(
          start: .init(line: 0, character: 0), end: .init(line: 0, character: 0)), children: [])
    ]
    let addedOn = Dictionary(
      additions.map { ($0.line, $0) }, uniquingKeysWith: { first, _ in first })
    for line in words {
      guard let first = line.first else { continue }
      let whole = LSPRange(start: first.range.start, end: line.last!.range.end)
      let opens = line.last?.text.hasSuffix("{") == true
      if first.text == "}" || first.text.hasPrefix("}"), stack.count > 1 {
        var block = stack.removeLast()
        block.range.end = whole.end
        stack[stack.count - 1].children?.append(block)
        // `} else {` and `} else if … {` end one branch of an 'if' and open the next.
        guard line.count > 2, line[1].text == "else", opens else { continue }
        let name = line.dropFirst().dropLast().map(\.text).joined(separator: " ")
        stack.append(
          LSPSymbol(
            name: name, kind: 2, range: whole, selectionRange: line[1].range, children: []))
        continue
      }
      if first.text == "add", let id = addedOn[first.line] {
        stack[stack.count - 1].children?.append(
          LSPSymbol(name: String(id.text), kind: 19, range: whole, selectionRange: id.range))
      } else if first.text == "def", opens,
        let procedure = procedures.definitions.first(where: { $0.line == first.line })
      {
        stack.append(
          LSPSymbol(
            name: procedure.signature, kind: 12, range: whole, selectionRange: procedure.nameRange,
            children: []))
      } else if ["group", "repeat", "if"].contains(first.text), opens {
        let name = line.dropFirst().dropLast().map(\.text).joined(separator: " ")
        stack.append(
          LSPSymbol(
            name: "\(first.text) \(name)", kind: first.text == "group" ? 3 : 2, range: whole,
            selectionRange: first.range, children: []))
      }
    }
    while stack.count > 1 {
      let block = stack.removeLast()
      stack[stack.count - 1].children?.append(block)
    }
    return stack[0].children ?? []
  }
}
