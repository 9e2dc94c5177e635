/// The forms built on expressions: the rest of a `let` line, the arguments of `rgb()` and
/// `hsl()`, and the names a variable may have.
extension ExpressionParser {
  /// Reads `<name> = <expression>`, the rest of a `let` line.
  mutating func assignment() throws(Diagnostic) -> (name: ExpressionToken, value: NumberExpression)
  {
    let name = current
    guard name.kind == .name else {
      throw .error("expected a variable name after 'let', found \(name.shown)", at: name.range)
    }
    try Self.checkVariableName(String(name.text), at: name.range)
    try advance()
    guard current.is("=") else {
      throw .error(
        "expected '=' after '\(LineParser.shorten(name.text))', found \(current.shown)",
        at: current.range)
    }
    try advance()
    return (name, try whole())
  }

  /// Reads `rgb(…)` or `hsl(…)`: 3 or 4 arguments, each compiled on its own; in `hsl` the
  /// saturation and the lightness may end with `%`.
  mutating func colourArguments() throws(Diagnostic) -> (
    name: String, arguments: [NumberExpression], range: SourceRange
  ) {
    let name = current
    let function = name.text.lowercased()
    try advance(by: 2)
    parentheses += 1
    var arguments: [NumberExpression] = []
    while true {
      let allowsPercent = function == "hsl" && (arguments.count == 1 || arguments.count == 2)
      percentLevel = allowsPercent ? parentheses : nil
      arguments.append(try number())
      percentLevel = nil
      if allowsPercent, current.is("%") { try advance() }
      if current.is(",") {
        try advance()
        continue
      }
      break
    }
    let close = try closing(opening: second, after: "an argument")
    let range = name.range.extended(through: close)
    try expectEnd()
    guard arguments.count == 3 || arguments.count == 4 else {
      throw .error(
        "'\(function)' takes 3 or 4 arguments, not \(arguments.count)", at: range)
    }
    return (function, arguments, range)
  }

  /// Reads `(<expression>, …)`, the rest of a procedure call: each argument compiled on its
  /// own, in order.
  mutating func callArguments() throws(Diagnostic) -> [NumberExpression] {
    let opening = current
    try advance()
    parentheses += 1
    var arguments: [NumberExpression] = []
    if !current.is(")") {
      while true {
        arguments.append(try number())
        guard current.is(",") else { break }
        try advance()
      }
    }
    _ = try closing(opening: opening, after: "an argument")
    parentheses -= 1
    try expectEnd()
    return arguments
  }

  /// Reads `(<name>, …)`, the parameters of a `def`: names that may name a variable, none twice.
  mutating func parameterNames() throws(Diagnostic) -> [ExpressionToken] {
    let opening = current
    try advance()
    var names: [ExpressionToken] = []
    var seen: [Substring: SourceRange] = [:]
    if !current.is(")") {
      while true {
        let name = current
        guard name.kind == .name else {
          throw .error("expected a parameter name, found \(name.shown)", at: name.range)
        }
        try Self.checkVariableName(String(name.text), at: name.range)
        if let earlier = seen[name.text] {
          throw .error(
            "two parameters are named '\(LineParser.shorten(name.text))'", at: name.range,
            notes: [Diagnostic.Note(range: earlier, message: "the first is here")])
        }
        seen[name.text] = name.range
        names.append(name)
        try advance()
        guard current.is(",") else { break }
        try advance()
      }
    }
    _ = try closing(opening: opening, after: "a parameter")
    try expectEnd()
    return names
  }

  /// The words of the language's structure and logic, which name nothing.
  static let structureWords: Set<String> = [
    "and", "or", "not", "as", "if", "else", "def", "return",
  ]

  /// Whether `name` may name a variable: not a command, a function, `pi`, or a word of the
  /// language's structure (``structureWords``).
  static func checkVariableName(_ name: String, at range: SourceRange) throws(Diagnostic) {
    if ScriptFunction.isNotANumber(name) {
      throw .error("'\(name)' is not a number and cannot name a variable", at: range)
    }
    if structureWords.contains(name) {
      throw .error("'\(name)' is a word of the language and cannot name a variable", at: range)
    }
    guard ScriptFunction.reservedWords.contains(name) else { return }
    let kind =
      ScriptFunction.names.contains(name) || ScriptFunction.colourFunctions.contains(name)
      ? "a function" : name == "pi" ? "a constant" : "a command"
    throw .error("'\(name)' is \(kind) and cannot name a variable", at: range)
  }
}
