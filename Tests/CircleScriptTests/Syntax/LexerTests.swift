import CirclesTestSupport
import Testing

@testable import CircleScript

@Suite("Lexer")
struct LexerTests {
  /// All lines of `source` as (line number, [kind: text]) pairs.
  func lex(_ source: String) throws(Diagnostic) -> [(Int, [String])] {
    var lexer = Lexer(bytes: Array(source.utf8), fileName: "t.circles")
    var lines: [(Int, [String])] = []
    while let line = try lexer.nextLine() {
      lines.append((line.number, line.tokens.map { describe($0) }))
    }
    return lines
  }

  func describe(_ token: Token) -> String {
    let kind =
      switch token.kind {
      case .word: "w"
      case .string: "s"
      case .openBrace: "{"
      case .closeBrace: "}"
      }
    return "\(kind):\(token.text)@\(token.range.start.column)+\(token.range.length)"
  }

  @Test("words, strings and braces with their columns")
  func tokens() throws {
    let lines = try lex("add sun at 1,2\tr 3\ngroup \"a \\\"b\\\" \\\\\" {\n}")
    #expect(lines.count == 3)
    #expect(
      lines[0].1 == ["w:add@1+3", "w:sun@5+3", "w:at@9+2", "w:1,2@12+3", "w:r@16+1", "w:3@18+1"])
    #expect(lines[1].1 == ["w:group@1+5", "s:a \"b\" \\@7+12", "{:{@20+1"])
    #expect(lines[2].1 == ["}:}@1+1"])
  }

  @Test("comments, blank lines, CRLF and a shebang leave only the commands")
  func ignoredText() throws {
    let source = "#!/usr/bin/env circles run\n\n  // a comment\r\nclear // done\r\nundo//x\n"
    let lines = try lex(source)
    #expect(lines.map(\.0) == [1, 2, 3, 4, 5])
    #expect(lines.map(\.1) == [[], [], [], ["w:clear@1+5"], ["w:undo@1+4"]])
  }

  @Test("a byte order mark is skipped and does not count as a column")
  func byteOrderMark() throws {
    let lines = try lex("\u{FEFF}clear")
    #expect(lines.first?.1 == ["w:clear@1+5"])
  }

  @Test("columns count characters, not bytes")
  func unicodeColumns() throws {
    let lines = try lex("group \"Sonne ☀️ é\" { // ☀️\nadd x")
    #expect(lines[0].1 == ["w:group@1+5", "s:Sonne ☀️ é@7+11", "{:{@19+1"])
  }

  @Test("a string runs to its closing quote; a word stops at a quote or brace")
  func adjacentTokens() throws {
    let lines = try lex("group\"x\"{")
    #expect(lines[0].1 == ["w:group@1+5", "s:x@6+3", "{:{@9+1"])
  }

  @Test(
    "parentheses and interpolations keep a word together; a '{' before a blank opens a body",
    arguments: [
      (
        "add a at (cx + 10),cy r (r * 2)",
        ["w:add@1+3", "w:a@5+1", "w:at@7+2", "w:(cx + 10),cy@10+12", "w:r@23+1", "w:(r * 2)@25+7"]
      ),
      ("add dot{i + 1} at 1,1", ["w:add@1+3", "w:dot{i + 1}@5+10", "w:at@16+2", "w:1,1@19+3"]),
      ("render {i}.png", ["w:render@1+6", "w:{i}.png@8+7"]),
      ("repeat 3 as i {", ["w:repeat@1+6", "w:3@8+1", "w:as@10+2", "w:i@13+1", "{:{@15+1"]),
      ("group \"x\" {// c", ["w:group@1+5", "s:x@7+3", "{:{@11+1"]),
      ("{ }", ["{:{@1+1", "}:}@3+1"]),
      ("{}", ["{:{@1+1", "}:}@2+1"]),
      ("fill rgb(1, \"x\")", ["w:fill@1+4", "w:rgb(1, \"x\")@6+11"]),
      ("let x = (a // b", ["w:let@1+3", "w:x@5+1", "w:=@7+1", "w:(a@9+2"]),
      ("x) y", ["w:x)@1+2", "w:y@4+1"]),
      ("clear}", ["w:clear@1+5", "}:}@6+1"]),
    ])
  func expressionWords(source: String, tokens: [String]) throws {
    #expect(try lex(source).first?.1 == tokens)
  }

  @Test("a string keeps its spelling, escapes and all, beside its value")
  func stringSpelling() throws {
    var lexer = Lexer(bytes: Array("group \"Ring \\{ {i} \\}\" {".utf8), fileName: "t")
    let token = try #require(try lexer.nextLine()?.tokens[1])
    #expect(token.text == "Ring { {i} }")
    #expect(token.spelling == "Ring \\{ {i} \\}")
  }

  @Test(
    "after an error the lexer goes on at the next line, noting whether the bad one opened a body")
  func recovery() throws {
    let bytes = Array("group \"a".utf8) + [0xFF] + Array("\" { // x\nclear\n\u{1}\nundo".utf8)
    var lexer = Lexer(bytes: bytes, fileName: "t")
    #expect(throws: Diagnostic.self) { try lexer.nextLine() }
    #expect(lexer.failedLineOpensBody)
    #expect(try lexer.nextLine()?.tokens.map(\.text) == ["clear"])
    #expect(throws: Diagnostic.self) { try lexer.nextLine() }
    #expect(!lexer.failedLineOpensBody)
    let last = try #require(try lexer.nextLine())
    #expect((last.number, last.tokens.map(\.text)) == (4, ["undo"]))
    #expect(try lexer.nextLine() == nil)
  }

  struct BadInput: Sendable, CustomTestStringConvertible {
    var bytes: [UInt8]
    var line: Int
    var column: Int
    var message: String
    var testDescription: String { message }
  }

  static let badInputs: [BadInput] = [
    BadInput(
      bytes: Array("clear\nadd \u{0}x".utf8), line: 2, column: 5,
      message: "NUL character (U+0000) in script; is this a binary file?"),
    BadInput(
      bytes: Array("// é\u{1B}[31m".utf8), line: 1, column: 5,
      message: "control character U+001B is not allowed; use spaces, tabs and line breaks"),
    BadInput(
      bytes: Array("clear\r".utf8), line: 1, column: 6,
      message: "control character U+000D is not allowed; use spaces, tabs and line breaks"),
    BadInput(
      bytes: Array("x \"\u{7F}\"".utf8), line: 1, column: 4,
      message: "control character U+007F is not allowed; use spaces, tabs and line breaks"),
    BadInput(
      bytes: Array("ab\u{85}".utf8), line: 1, column: 3,
      message: "control character U+0085 is not allowed; use spaces, tabs and line breaks"),
    BadInput(
      bytes: Array("clear\n\ngroup \"é".utf8) + [0xFF] + Array("\" {".utf8), line: 3, column: 9,
      message: "invalid UTF-8 (byte 0xFF); a script must be UTF-8 text"),
    BadInput(
      bytes: [0x61, 0xC3, 0x28], line: 1, column: 2,
      message: "invalid UTF-8 (byte 0xC3); a script must be UTF-8 text"),
    BadInput(
      bytes: [0x61, 0xE2, 0x82], line: 1, column: 2,
      message: "invalid UTF-8 (byte 0xE2); a script must be UTF-8 text"),
    BadInput(
      bytes: [0xED, 0xA0, 0x80], line: 1, column: 1,
      message: "invalid UTF-8 (byte 0xED); a script must be UTF-8 text"),
    BadInput(
      bytes: [0xC0, 0xAF], line: 1, column: 1,
      message: "invalid UTF-8 (byte 0xC0); a script must be UTF-8 text"),
    BadInput(
      bytes: [0xF4, 0x90, 0x80, 0x80], line: 1, column: 1,
      message: "invalid UTF-8 (byte 0xF4); a script must be UTF-8 text"),
    BadInput(
      bytes: Array("render \"a.png\nclear".utf8), line: 1, column: 8,
      message: "unterminated string; add a closing '\"'"),
    BadInput(
      bytes: Array("group \"a\\nb\" {".utf8), line: 1, column: 9,
      message: "unknown escape in string; only \\\", \\\\, \\{ and \\} are allowed"),
  ]

  @Test("bad bytes and strings are reported where they start", arguments: badInputs)
  func badInput(_ input: BadInput) {
    var lexer = Lexer(bytes: input.bytes, fileName: "t.circles")
    do {
      while try lexer.nextLine() != nil {}
      Issue.record("no diagnostic")
    } catch {
      let expected = SourceLocation(file: "t.circles", line: input.line, column: input.column)
      #expect(error.location == expected)
      #expect(error.message == input.message)
    }
  }

  @Test("UTF-8 checking agrees with the standard library's decoder")
  func utf8Agreement() {
    var generator = SeededGenerator(seed: 11)
    let interesting: [UInt8] = [
      0x41, 0x20, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xED,
      0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
    ]
    for _ in 0..<3000 {
      let body = (0..<Int.random(in: 1...6, using: &generator)).map { _ in
        interesting.randomElement(using: &generator)!
      }
      let bytes = Array("// ".utf8) + body
      var lexer = Lexer(bytes: bytes, fileName: "u")
      let decoded = String(validating: bytes, as: UTF8.self)
      let isControl = { (scalar: Unicode.Scalar) in (0x80..<0xA0).contains(scalar.value) }
      let expectedValid = decoded.map { !$0.unicodeScalars.contains(where: isControl) } ?? false
      do {
        while try lexer.nextLine() != nil {}
        #expect(expectedValid, "accepted \(body)")
      } catch {
        #expect(!expectedValid, "rejected \(body): \(error.message)")
      }
    }
  }

  @Test("binary garbage never crashes: every prefix of some noise lexes or fails cleanly")
  func garbage() {
    var generator = SeededGenerator(seed: 7)
    for _ in 0..<200 {
      let bytes = (0..<64).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
      var lexer = Lexer(bytes: bytes, fileName: "noise")
      do {
        while try lexer.nextLine() != nil {}
      } catch {
        #expect(error.location.line >= 1)
        #expect(error.location.column >= 1)
      }
    }
  }
}
