/// Collects statements into nested groups and applies the placement rules.
struct ScriptBuilder {
  private struct OpenGroup {
    var header: LineParser.GroupHeader
    var body: [Statement] = []
  }

  private var topLevel: [Statement] = []
  private var open: [OpenGroup] = []
  private var firstCanvas: SourceRange?
  private var firstOtherCommand: SourceRange?

  mutating func open(_ header: LineParser.GroupHeader) throws(Diagnostic) {
    guard open.count < Parser.maximumGroupDepth else {
      throw .error(
        "groups nested too deeply; at most \(Parser.maximumGroupDepth) levels are allowed",
        at: header.keyword)
    }
    if open.isEmpty, firstOtherCommand == nil { firstOtherCommand = header.keyword }
    open.append(OpenGroup(header: header))
  }

  mutating func close(_ tokens: [Token]) throws(Diagnostic) {
    guard let group = open.popLast() else {
      throw .error("unexpected '}' with no open group", at: tokens[0].range)
    }
    if tokens.count > 1 {
      throw .error(
        "unexpected \(LineParser.describe(tokens[1])) after '}'; put each command on a line of its own",
        at: tokens[1].range)
    }
    let header = group.header
    try append(
      Statement(
        command: .group(name: header.name, body: group.body), keyword: header.keyword,
        range: header.range))
  }

  mutating func append(_ statement: Statement) throws(Diagnostic) {
    switch statement.command {
    case .canvas:
      try checkCanvas(statement)
    case .undo, .redo:
      if let outer = open.first {
        throw .error(
          "'\(statement.command.word)' cannot be used inside a group", at: statement.keyword,
          notes: [Diagnostic.Note(range: outer.header.range, message: "the group starts here")])
      }
      if firstOtherCommand == nil { firstOtherCommand = statement.keyword }
    case .limit:
      break
    default:
      if open.isEmpty, firstOtherCommand == nil { firstOtherCommand = statement.keyword }
    }
    if open.isEmpty {
      topLevel.append(statement)
    } else {
      open[open.count - 1].body.append(statement)
    }
  }

  func finish() throws(Diagnostic) -> [Statement] {
    if let group = open.last {
      throw .error(
        "unclosed group '\(LineParser.shorten(group.header.name.value))'; add a '}' on a line of its own",
        at: group.header.brace)
    }
    return topLevel
  }

  private mutating func checkCanvas(_ statement: Statement) throws(Diagnostic) {
    if !open.isEmpty {
      throw .error("'canvas' cannot be used inside a group", at: statement.keyword)
    }
    if let first = firstCanvas {
      throw .error(
        "duplicate 'canvas'; a script configures its canvas once", at: statement.keyword,
        notes: [Diagnostic.Note(range: first, message: "the canvas is configured here")])
    }
    if let other = firstOtherCommand {
      throw .error(
        "'canvas' must come before any other command except 'limit'", at: statement.keyword,
        notes: [Diagnostic.Note(range: other, message: "first command here")])
    }
    firstCanvas = statement.keyword
  }
}
