/// Collects statements into nested blocks (groups, loops, `if`s and procedures) and applies the
/// placement rules.
///
/// A block whose first line could not be read is still opened, as a placeholder, so that the
/// `}` closing it matches and the lines inside are checked; what it holds is dropped. Calls are
/// checked against the procedures once the whole script is read (``callErrors(known:)``), as a
/// procedure may be called above its `def`.
struct ScriptBuilder {
  private struct OpenBlock {
    /// The block's first line, or `nil` for a placeholder.
    var header: LineParser.BlockHeader?
    /// Whether it is (or was meant to be) a group.
    var isGroup: Bool
    /// Where it starts.
    var start: SourceRange
    var body: [Statement] = []
    /// For a branch of an `if`: the branches before it, and the `if` line.
    var earlier: [Branch] = []
    var ifLine: (keyword: SourceRange, range: SourceRange)?
    /// For a `def`: the variable numbers of its locals, each with its place among them.
    var locals: [Int: Int] = [:]

    /// Whether it is a `def`.
    var isProcedure: Bool {
      if case .procedure = header?.kind { true } else { false }
    }

    /// What the block is, as messages name it.
    var kind: String {
      switch header?.kind {
      case .group: "group"
      case .loop: "repeat"
      case .condition, .otherwise: "if"
      case .procedure: "def"
      case nil: isGroup ? "group" : "block"
      }
    }
  }

  private var topLevel: [Statement] = []
  private var open: [OpenBlock] = []
  private var firstCanvas: SourceRange?
  private var firstOtherCommand: SourceRange?
  /// The procedures read so far, by name.
  private(set) var procedures: [String: Procedure] = [:]
  /// Where each procedure name is defined first, its `def` read whole or not.
  private var definitions: [String: SourceRange] = [:]
  /// The calls read so far, to check once every `def` is known.
  private var calls: [Statement] = []
  /// The procedures defined before the script (by a REPL's earlier entries).
  let known: [String: Procedure]

  /// Creates a builder for a script that goes on from the procedures `known`.
  init(known: [String: Procedure] = [:]) {
    self.known = known
  }

  /// How many blocks are open.
  var depth: Int { open.count }

  /// Opens a block.
  ///
  /// - Throws: a diagnostic when blocks would nest deeper than `Parser.maximumGroupDepth`; the
  ///   block is opened as a placeholder then (once past the limit, no more errors are given
  ///   for the blocks inside it).
  mutating func open(_ header: LineParser.BlockHeader) throws(Diagnostic) {
    guard open.count < Parser.maximumGroupDepth else {
      let isFirst = open.count == Parser.maximumGroupDepth
      openPlaceholder(isGroup: header.isGroup, at: header.range)
      guard isFirst else { return }
      let blocks = header.isGroup ? "groups" : "loops and groups"
      throw .error(
        "\(blocks) nested too deeply; at most \(Parser.maximumGroupDepth) levels are allowed",
        at: header.keyword)
    }
    var block = OpenBlock(header: header, isGroup: header.isGroup, start: header.range)
    switch header.kind {
    case .procedure(let name, let nameRange, let parameters):
      try checkDefinition(name, at: nameRange, header)
      for parameter in parameters { block.locals[parameter.index] = block.locals.count }
    case .condition:
      block.ifLine = (header.keyword, header.range)
    case .loop(_, let variable?):
      bindLocal(variable)
    default:
      break
    }
    if open.isEmpty, firstOtherCommand == nil, !block.isProcedure {
      firstOtherCommand = header.keyword
    }
    open.append(block)
  }

  /// Checks that a `def` stands at the top level and names a procedure not defined before;
  /// when not, opens a placeholder in its place and throws.
  private mutating func checkDefinition(
    _ name: String, at nameRange: SourceRange, _ header: LineParser.BlockHeader
  ) throws(Diagnostic) {
    if let outer = open.last {
      openPlaceholder(isGroup: false, at: header.range)
      throw .error(
        "'def' goes at the top level, outside every block", at: header.keyword,
        notes: outer.header == nil
          ? [] : [Diagnostic.Note(range: outer.start, message: "inside this \(outer.kind)")])
    }
    if let first = definitions[name] ?? known[name]?.nameRange {
      openPlaceholder(isGroup: false, at: header.range)
      throw .error(
        "procedure '\(LineParser.shorten(name))' is defined twice", at: nameRange,
        notes: [Diagnostic.Note(range: first, message: "first defined here")])
    }
    definitions[name] = nameRange
  }

  /// Makes a name a `let` or a `repeat … as` binds inside a `def` a local of its calls.
  private mutating func bindLocal(_ variable: VariableName) {
    guard let first = open.first, first.isProcedure, first.locals[variable.index] == nil else {
      return
    }
    open[0].locals[variable.index] = first.locals.count
  }

  /// Ends a branch of an `if` with `} else if … {` or `} else {`, and opens the next.
  ///
  /// - Throws: a diagnostic when the block ended is not a branch of an `if` still open to more
  ///   (an `else` after an `else`, after a `group` or a `repeat`); the next branch is opened as
  ///   a placeholder then, so that its `}` matches.
  mutating func continueIf(_ header: LineParser.BlockHeader, at line: SourceRange)
    throws(Diagnostic)
  {
    guard let block = open.last, let current = block.header, let ifLine = block.ifLine,
      case .condition(let condition) = current.kind
    else {
      let message: String
      if case .otherwise = open.last?.header?.kind {
        message = "an 'if' has one 'else', and it comes last"
      } else {
        let what = open.last.map { "the '}' of a \($0.kind)" } ?? "a '}' with no open block"
        message = "'else' follows the '}' of an 'if' or an 'else if', not \(what)"
      }
      abandonBlock(at: line)
      throw .error(message, at: header.keyword)
    }
    open.removeLast()
    var next = OpenBlock(header: header, isGroup: false, start: header.range)
    next.earlier =
      block.earlier
      + [
        Branch(
          condition: condition, body: block.body, keyword: current.keyword, range: current.range)
      ]
    next.ifLine = ifLine
    open.append(next)
  }

  /// Closes the block open, if any, dropping what it holds, and opens a placeholder: for a line
  /// `} else … {` that could not be read.
  mutating func abandonBlock(at range: SourceRange) {
    if !open.isEmpty { open.removeLast() }
    openPlaceholder(isGroup: false, at: range)
  }

  /// Opens a block whose first line had an error.
  mutating func openPlaceholder(isGroup: Bool, at range: SourceRange) {
    open.append(OpenBlock(header: nil, isGroup: isGroup, start: range))
  }

  mutating func close(_ tokens: [Token]) throws(Diagnostic) {
    guard let block = open.popLast() else {
      throw .error("unexpected '}' with no open group, repeat, if or def", at: tokens[0].range)
    }
    if tokens.count > 1 {
      throw .error(
        "unexpected \(LineParser.describe(tokens[1])) after '}'; put each command on a line of its own",
        at: tokens[1].range)
    }
    guard let header = block.header else { return }
    if case .procedure(let name, let nameRange, let parameters) = header.kind {
      procedures[name] = Procedure(
        name: name, nameRange: nameRange, range: header.range, parameters: parameters,
        body: block.body, locals: block.locals)
      return
    }
    let command: Command =
      switch header.kind {
      case .procedure: preconditionFailure("a procedure is no statement")
      case .group(let name): .group(name: name, body: block.body)
      case .loop(let count, let variable):
        .repeat(count: count, variable: variable, body: block.body)
      case .condition(let condition):
        .if(
          branches: block.earlier + [
            Branch(
              condition: condition, body: block.body, keyword: header.keyword, range: header.range)
          ], otherwise: nil)
      case .otherwise:
        .if(branches: block.earlier, otherwise: block.body)
      }
    let line = block.ifLine ?? (header.keyword, header.range)
    try append(Statement(command: command, keyword: line.keyword, range: line.range))
  }

  mutating func append(_ statement: Statement) throws(Diagnostic) {
    switch statement.command {
    case .canvas:
      try checkCanvas(statement)
    case .undo, .redo:
      if let outer = open.first(where: \.isGroup) {
        let notes =
          outer.header == nil
          ? [] : [Diagnostic.Note(range: outer.start, message: "the group starts here")]
        throw .error(
          "'\(statement.command.word)' cannot be used inside a group", at: statement.keyword,
          notes: notes)
      }
      if open.isEmpty, firstOtherCommand == nil { firstOtherCommand = statement.keyword }
    case .let(let variable, _):
      bindLocal(variable)
    case .limit, .seed:
      break
    case .return:
      guard open.first?.isProcedure == true else {
        throw .error(
          "'return' leaves a procedure, and is used only inside a 'def'", at: statement.keyword)
      }
    case .call:
      calls.append(statement)
      if open.isEmpty, firstOtherCommand == nil { firstOtherCommand = statement.keyword }
    default:
      if open.isEmpty, firstOtherCommand == nil { firstOtherCommand = statement.keyword }
    }
    if open.isEmpty {
      topLevel.append(statement)
    } else {
      open[open.count - 1].body.append(statement)
    }
  }

  /// The top-level statements.
  ///
  /// - Throws: a diagnostic for a block left open (placeholders aside).
  func finish() throws(Diagnostic) -> [Statement] {
    if let block = open.last(where: { $0.header != nil }), let header = block.header {
      switch header.kind {
      case .group(let name):
        throw .error(
          "unclosed group '\(LineParser.shorten(name.shown))'; add a '}' on a line of its own",
          at: header.brace)
      case .loop:
        throw .error("unclosed repeat; add a '}' on a line of its own", at: header.brace)
      case .condition, .otherwise:
        throw .error("unclosed if; add a '}' on a line of its own", at: header.brace)
      case .procedure(let name, _, _):
        throw .error(
          "unclosed def '\(LineParser.shorten(name))'; add a '}' on a line of its own",
          at: header.brace)
      }
    }
    return topLevel
  }

  /// An error for each call of a procedure that is not defined, here or in `known`, or that is
  /// given the wrong number of arguments.
  func callErrors() -> [Diagnostic] {
    calls.compactMap { call -> Diagnostic? in
      guard case .call(let name, let nameRange, let arguments) = call.command else { return nil }
      guard let procedure = procedures[name] ?? known[name] else {
        // A `def` whose line had an error was reported there.
        guard definitions[name] == nil else { return nil }
        return .error(
          Self.unknownProcedure(name, among: procedures.keys, known.keys), at: nameRange)
      }
      guard arguments.count != procedure.parameters.count else { return nil }
      let count = procedure.parameters.count
      return .error(
        "'\(LineParser.shorten(name))' takes \(count) argument\(count == 1 ? "" : "s"), "
          + "not \(arguments.count)", at: call.range,
        notes: [
          Diagnostic.Note(
            range: procedure.range,
            message: "'\(LineParser.shorten(procedure.signature))' is defined here")
        ])
    }
  }

  /// The message for a call of a name no `def` defines.
  static func unknownProcedure(
    _ name: String, among defined: some Collection<String>, _ known: some Collection<String>
  ) -> String {
    let shown = LineParser.shorten(name)
    if LineParser.commandNames.contains(name) {
      return "'\(shown)' is a command, not a procedure; write its words after it, with no "
        + "parentheses"
    }
    if ScriptFunction.names.contains(name) || ScriptFunction.colourFunctions.contains(name) {
      return "'\(shown)' is a function, not a procedure; use it in an expression, as in "
        + "'let x = \(shown)(…)'"
    }
    let names = Array(defined) + Array(known)
    let advice =
      names.isEmpty
      ? "; define it with 'def \(shown)(…) { … }'" : Suggestion.didYouMean(name, among: names)
    return "unknown procedure '\(shown)'" + advice
  }

  private mutating func checkCanvas(_ statement: Statement) throws(Diagnostic) {
    if let block = open.first(where: \.isGroup) ?? open.last {
      let kind = "a\(block.kind == "if" ? "n" : "") \(block.kind)"
      throw .error("'canvas' cannot be used inside \(kind)", at: statement.keyword)
    }
    if let first = firstCanvas {
      throw .error(
        "duplicate 'canvas'; a script configures its canvas once", at: statement.keyword,
        notes: [Diagnostic.Note(range: first, message: "the canvas is configured here")])
    }
    if let other = firstOtherCommand {
      throw .error(
        "'canvas' must come before any other command except 'limit', 'let' and 'seed'",
        at: statement.keyword,
        notes: [Diagnostic.Note(range: other, message: "first command here")])
    }
    firstCanvas = statement.keyword
  }
}
