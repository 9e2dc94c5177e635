import CircleScript

/// `textDocument/rename` and `textDocument/prepareRename` of a circle's id: every word that
/// names the circle (its `add`, and each `remove`, `move`, `set`, `front` and `back` of it), as
/// the lexer and the parser read the script, so that a word in a string or a comment is never
/// touched.
///
/// A rename that could change what the script does is refused with the reason: a new name that
/// is not an id or that another circle has (by an `add`, a reference, an interpolated id such
/// as `dot{i}` that may make it, or `c1`, `c2`, … while some `add` gives no id); an id that an
/// interpolated id may also name, or that is the automatic name of an `add` without an id; a
/// line the lexer cannot read, which may hold the id.
struct ScriptRename {
  /// Why a rename is refused.
  struct Refusal: Error, Equatable {
    var message: String
  }

  private let lines: LineIndex
  private let tokenLines: [TokenLine]
  private let failures: [Diagnostic]

  init(_ text: String) {
    lines = LineIndex(text)
    (tokenLines, failures) = ScriptWords.lines(Array(text.utf8), fileName: "script")
  }

  /// Every word that names a circle, with its line.
  private var ids: [(line: TokenLine, token: Token)] {
    tokenLines.compactMap { line in ScriptWords.circleID(in: line).map { (line, $0) } }
  }

  private func range(_ token: Token) -> LSPRange {
    lines.range(token.range)
  }

  /// The id under a position, if there is one.
  private func id(at position: LSPPosition) -> Token? {
    guard let line = tokenLines.first(where: { $0.number == position.line + 1 }),
      let token = ScriptWords.circleID(in: line)
    else { return nil }
    let range = range(token)
    guard range.start.character <= position.character, position.character <= range.end.character
    else { return nil }
    return token
  }

  /// The id under a position and its range, or `nil` where there is no id.
  ///
  /// - Throws: a `Refusal` for an id made by interpolation.
  func prepare(at position: LSPPosition) throws(Refusal) -> LSPPrepareRename? {
    guard let token = id(at: position) else { return nil }
    try Self.checkPlain(token)
    return LSPPrepareRename(range: range(token), placeholder: token.text)
  }

  /// The edits that rename the id under a position, or `nil` where there is no id.
  ///
  /// - Throws: a `Refusal` when the rename could change what the script does.
  func edits(at position: LSPPosition, to newName: String) throws(Refusal) -> [LSPTextEdit]? {
    if let failure = failures.first {
      throw Refusal(
        message: "line \(failure.range.start.line) cannot be read (\(failure.message)); "
          + "fix it before renaming")
    }
    guard let token = id(at: position) else { return nil }
    try Self.checkPlain(token)
    let old = token.text
    guard ScriptWords.isID(newName) else {
      throw Refusal(
        message: "'\(newName)' is not a valid id; an id is a letter or '_' followed by "
          + "letters, digits, '_' or '-'")
    }
    if newName == old { return [] }
    let ids = ids
    let named = ids.filter { $0.token.text == old }
    for (line, other) in ids {
      if other.text == newName {
        throw Refusal(message: "'\(newName)' already names another circle (line \(line.number))")
      }
      if other.text.contains("{"), Self.template(other.text, mayMake: newName) {
        throw Refusal(
          message: "'\(newName)' may be a name that '\(other.text)' makes (line \(line.number))")
      }
      if other.text.contains("{"), Self.template(other.text, mayMake: old) {
        throw Refusal(
          message: "'\(old)' may also be named by '\(other.text)' (line \(line.number)), which "
            + "a rename cannot change")
      }
    }
    if let unnamed = tokenLines.first(where: ScriptWords.addsUnnamed) {
      if Self.isAutomatic(newName) {
        throw Refusal(
          message: "'\(newName)' may be the name given to a circle added without an id "
            + "(line \(unnamed.number))")
      }
      let isAdded = named.contains { $0.line.tokens[0].text == "add" }
      if Self.isAutomatic(old), !isAdded {
        throw Refusal(
          message: "'\(old)' is the name given to a circle added without an id "
            + "(line \(unnamed.number)); give it an id in its 'add' first")
      }
    }
    return named.map { LSPTextEdit(range: range($0.token), newText: newName) }
  }

  private static func checkPlain(_ token: Token) throws(Refusal) {
    guard !token.text.contains("{") else {
      throw Refusal(
        message: "'\(token.text)' is made by interpolation when the script runs; only an id "
          + "written out can be renamed")
    }
  }

  /// Whether a name is of the form the automatic names take: `c` and a whole number.
  static func isAutomatic(_ name: String) -> Bool {
    name.count > 1 && name.first == "c" && name.dropFirst().allSatisfy(\.isASCII)
      && name.dropFirst().allSatisfy(\.isNumber)
  }

  /// Whether an id with interpolations (`dot{i}`, `p{i}-{j}`) may make a name: its text outside
  /// the braces as written, each interpolation a whole number (perhaps negative).
  static func template(_ template: String, mayMake name: String) -> Bool {
    enum Piece: Equatable {
      case literal(Character)
      case number
    }
    var pieces: [Piece] = []
    var depth = 0
    for character in template {
      if character == "{" {
        if depth == 0 { pieces.append(.number) }
        depth += 1
      } else if character == "}", depth > 0 {
        depth -= 1
      } else if depth == 0 {
        pieces.append(.literal(character))
      }
    }
    let name = Array(name)
    func matches(_ piece: Int, _ at: Int) -> Bool {
      guard piece < pieces.count else { return at == name.count }
      switch pieces[piece] {
      case .literal(let character):
        return at < name.count && name[at] == character && matches(piece + 1, at + 1)
      case .number:
        var end = at
        if end < name.count, name[end] == "-" { end += 1 }
        while end < name.count, name[end].isASCII, name[end].isNumber {
          end += 1
          if matches(piece + 1, end) { return true }
        }
        return false
      }
    }
    return matches(0, 0)
  }
}
