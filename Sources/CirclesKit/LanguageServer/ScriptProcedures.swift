import CircleScript

/// The procedures of a script as an editor sees them: each `def` with its name, parameters and
/// lines, and each call, read from the lexer's tokens so that they are found while the script
/// has errors elsewhere; and the renames of a procedure (its `def` and every call) and of a
/// parameter (within its procedure, where the parser reads it).
struct ScriptProcedures {
  /// A `def` line and the lines of its body.
  struct Definition {
    var name: String
    var nameRange: LSPRange
    var parameters: [(name: String, range: LSPRange)]
    /// The `def` line, 0-based.
    var line: Int
    /// The line of the `}` that ends the body, 0-based (the last line when it is missing).
    var endLine: Int
    /// `name(a, b)`.
    var signature: String { "\(name)(\(parameters.map(\.name).joined(separator: ", ")))" }

    /// Whether a 0-based line is the `def` line or in the body.
    func holds(line number: Int) -> Bool { line <= number && number <= endLine }
  }

  /// A call: the procedure's name where it is written.
  struct Call {
    var name: String
    var nameRange: LSPRange
  }

  private let text: String
  private let lines: LineIndex
  private let failures: [Diagnostic]
  let definitions: [Definition]
  let calls: [Call]

  /// Reads the procedures of a text.
  init(_ text: String) {
    let lines = LineIndex(text)
    self.init(text, lines: lines, read: ScriptWords.lines(Array(text.utf8), fileName: "script"))
  }

  /// Reads the procedures of a text from its lines of tokens, read already.
  init(_ text: String, lines: LineIndex, read: (lines: [TokenLine], failures: [Diagnostic])) {
    self.text = text
    self.lines = lines
    failures = read.failures
    var definitions: [Definition] = []
    var calls: [Call] = []
    // The definitions whose `}` is still to come, with the depth of blocks at their `def`.
    var open: [(index: Int, depth: Int)] = []
    var depth = 0
    for line in read.lines {
      guard let first = line.tokens.first else { continue }
      let number = line.number - 1
      if first.kind == .closeBrace {
        depth = max(0, depth - 1)
        if let last = open.last, last.depth == depth {
          definitions[last.index].endLine = number
          open.removeLast()
        }
      }
      if first.text == "def", line.tokens.count > 1,
        let definition = Self.definition(line.tokens[1], line: number, lines: lines)
      {
        definitions.append(definition)
        if line.tokens.last?.kind == .openBrace { open.append((definitions.count - 1, depth)) }
      } else if let call = ScriptWords.namedCall(line) {
        calls.append(Call(name: call.name, nameRange: lines.range(call.range)))
      }
      if line.tokens.last?.kind == .openBrace { depth += 1 }
    }
    let lastLine = max(0, read.lines.last.map { $0.number - 1 } ?? 0)
    for (index, _) in open { definitions[index].endLine = lastLine }
    self.definitions = definitions
    self.calls = calls
  }

  /// The definition a `def` line's second word makes: `name(a, b)`.
  private static func definition(_ token: Token, line: Int, lines: LineIndex) -> Definition? {
    guard let call = ScriptWords.namedCall(token) else { return nil }
    var parameters: [(name: String, range: LSPRange)] = []
    var offset = call.name.count + 1
    for part in token.text.dropFirst(offset).prefix(while: { $0 != ")" }).split(
      separator: ",", omittingEmptySubsequences: false)
    {
      let leading = part.prefix { $0 == " " || $0 == "\t" }.count
      let name = part.dropFirst(leading).prefix { $0 != " " && $0 != "\t" }
      if !name.isEmpty {
        let range = token.range.subrange(offset: offset + leading, length: name.count)
        parameters.append((String(name), lines.range(range)))
      }
      offset += part.count + 1
    }
    return Definition(
      name: call.name, nameRange: lines.range(call.range), parameters: parameters, line: line,
      endLine: line)
  }

  /// The definition of a procedure, by name.
  func definition(named name: some StringProtocol) -> Definition? {
    definitions.first { $0.name == name }
  }

  /// The procedure whose name is under a position, in its `def` or in a call.
  func procedure(at position: LSPPosition) -> Definition? {
    let names = definitions.map { ($0.name, $0.nameRange) } + calls.map { ($0.name, $0.nameRange) }
    guard let (name, _) = names.first(where: { $0.1.holds(position) }) else { return nil }
    return definition(named: name)
  }

  /// The parameter under a position, in its `def` line, with its procedure.
  func parameter(at position: LSPPosition) -> (Definition, name: String, range: LSPRange)? {
    for definition in definitions where definition.line == position.line {
      if let parameter = definition.parameters.first(where: { $0.range.holds(position) }) {
        return (definition, parameter.name, parameter.range)
      }
    }
    return nil
  }

  // MARK: - Renames

  /// The renames of a procedure or a parameter under a position: `nil` where there is neither.
  ///
  /// - Throws: a `ScriptRename.Refusal` when the rename could change what the script does.
  func edits(at position: LSPPosition, to newName: String) throws(ScriptRename.Refusal)
    -> [LSPTextEdit]?
  {
    if let definition = procedure(at: position) {
      return try renaming(definition, to: newName)
    }
    guard let (definition, name, _) = try parameterReference(at: position) else { return nil }
    return try renaming(parameter: name, of: definition, to: newName)
  }

  /// The range and text of the name under a position that a rename would change, for
  /// `prepareRename`: a procedure's or a parameter's.
  func prepare(at position: LSPPosition) throws(ScriptRename.Refusal) -> LSPPrepareRename? {
    let names = definitions.map { ($0.name, $0.nameRange) } + calls.map { ($0.name, $0.nameRange) }
    if let (name, range) = names.first(where: { $0.1.holds(position) }),
      definition(named: name) != nil
    {
      return LSPPrepareRename(range: range, placeholder: name)
    }
    guard let (_, name, range) = try parameterReference(at: position) else { return nil }
    return LSPPrepareRename(range: range, placeholder: name)
  }

  private func readable() throws(ScriptRename.Refusal) {
    if let failure = failures.first {
      throw ScriptRename.Refusal(
        message: "line \(failure.range.start.line) cannot be read (\(failure.message)); "
          + "fix it before renaming")
    }
  }

  private func renaming(_ definition: Definition, to newName: String) throws(ScriptRename.Refusal)
    -> [LSPTextEdit]
  {
    try readable()
    if let problem = Procedure.nameProblem(newName) {
      throw ScriptRename.Refusal(message: problem)
    }
    if newName == definition.name { return [] }
    if let other = self.definition(named: newName) {
      throw ScriptRename.Refusal(
        message: "'\(newName)' already names a procedure (line \(other.line + 1))")
    }
    let ranges =
      definitions.filter { $0.name == definition.name }.map(\.nameRange)
      + calls.filter { $0.name == definition.name }.map(\.nameRange)
    return ranges.map { LSPTextEdit(range: $0, newText: newName) }
  }

  /// The parameter a position names, in its `def` line or where its procedure reads or binds
  /// it, as the parser reads the script.
  ///
  /// - Throws: a `Refusal` when the position is in a procedure's body but the script does not
  ///   parse, so that what its names are is not known.
  private func parameterReference(at position: LSPPosition) throws(ScriptRename.Refusal) -> (
    Definition, name: String, range: LSPRange
  )? {
    if let found = parameter(at: position) { return found }
    guard let definition = definitions.first(where: { $0.holds(line: position.line) }),
      let name = name(at: position), definition.parameters.contains(where: { $0.name == name })
    else { return nil }
    guard let procedure = try parsed().procedures[definition.name] else { return nil }
    for parameter in procedure.parameters {
      for site in procedure.sites(ofVariable: parameter.index) {
        let range = lines.range(site)
        if range.holds(position) { return (definition, parameter.name, range) }
      }
    }
    return nil
  }

  /// The variable name around a position (letters, digits and `_`), if any.
  private func name(at position: LSPPosition) -> Substring? {
    let index = lines.index(of: position)
    let line = lines.line(position.line)
    guard line.startIndex <= index, index <= line.endIndex else { return nil }
    let isName = { (character: Character) in
      character == "_" || (character.isASCII && (character.isLetter || character.isNumber))
    }
    let start = line[..<index].lastIndex { !isName($0) }.map(line.index(after:)) ?? line.startIndex
    let end = line[index...].firstIndex { !isName($0) } ?? line.endIndex
    return start < end ? line[start..<end] : nil
  }

  private func parsed() throws(ScriptRename.Refusal) -> Script {
    do {
      return try Script.parse(text, fileName: "script")
    } catch {
      let first = error.diagnostics.first.map { " (line \($0.range.start.line): \($0.message))" }
      throw ScriptRename.Refusal(
        message: "the script has errors\(first ?? ""); fix them before renaming a parameter")
    }
  }

  private func renaming(
    parameter name: String, of definition: Definition, to newName: String
  ) throws(ScriptRename.Refusal) -> [LSPTextEdit] {
    try readable()
    if let problem = Procedure.parameterNameProblem(newName) {
      throw ScriptRename.Refusal(message: problem)
    }
    if newName == name { return [] }
    let script = try parsed()
    guard let procedure = script.procedures[definition.name],
      let parameter = procedure.parameters.first(where: { $0.name == name })
    else { return [] }
    if procedure.parameters.contains(where: { $0.name == newName }) {
      throw ScriptRename.Refusal(
        message: "'\(newName)' already names a parameter of '\(definition.name)'")
    }
    if let other = script.variables.firstIndex(of: newName),
      !procedure.sites(ofVariable: other).isEmpty
    {
      throw ScriptRename.Refusal(
        message: "'\(definition.name)' already uses a variable named '\(newName)'; the "
          + "parameter would take its place")
    }
    return procedure.sites(ofVariable: parameter.index).map {
      LSPTextEdit(range: lines.range($0), newText: newName)
    }
  }
}

extension LSPRange {
  /// Whether a position lies within the range, its ends included.
  func holds(_ position: LSPPosition) -> Bool {
    start.line == position.line && start.character <= position.character
      && position.character <= end.character
  }
}
