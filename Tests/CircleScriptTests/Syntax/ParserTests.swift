import CircleCanvas
import Testing

@testable import CircleScript

/// The range of the `occurrence`-th space-separated word equal to `word` on line 1 of `source`.
func wordRange(_ word: String, in source: String, occurrence: Int = 1) -> SourceRange {
  var column = 1
  var seen = 0
  for part in source.split(separator: " ", omittingEmptySubsequences: false) {
    if part == word {
      seen += 1
      if seen == occurrence {
        return SourceRange(
          start: SourceLocation(file: "t.circles", line: 1, column: column), length: part.count)
      }
    }
    column += part.count + 1
  }
  fatalError("no '\(word)' in '\(source)'")
}

/// A number written as `word` on line 1 of `source`.
func number(_ value: Double, _ word: String, in source: String, occurrence: Int = 1)
  -> NumberExpression
{
  .number(value, at: wordRange(word, in: source, occurrence: occurrence))
}

/// A point written as `word` (`x,y`) on line 1 of `source`.
func point(_ x: Double, _ y: Double, _ word: String, in source: String) -> PointExpression {
  let range = wordRange(word, in: source)
  let parts = word.split(separator: ",", omittingEmptySubsequences: false)
  return PointExpression(
    x: .number(x, at: range.subrange(offset: 0, length: parts[0].count)),
    y: .number(y, at: range.subrange(offset: parts[0].count + 1, length: parts[1].count)),
    at: range)
}

/// A colour written as `word` on line 1 of `source`.
func colour(_ colour: Colour, _ word: String, in source: String) -> ColourExpression {
  .colour(colour, at: wordRange(word, in: source))
}

/// An id or a string without interpolation, written as `word` on line 1 of `source`.
func text(_ text: String, _ word: String, in source: String) -> InterpolatedText {
  .text(text, at: wordRange(word, in: source))
}

@Suite("Parser")
struct ParserTests {
  struct Form: Sendable, CustomTestStringConvertible {
    var source: String
    var command: @Sendable (String) -> Command
    var testDescription: String { source }
  }

  static let forms: [Form] = [
    Form(source: "canvas 400x300") { s in
      .canvas(CanvasSettings(width: 400, height: 300, sizeRange: wordRange("400x300", in: s)))
    },
    Form(source: "canvas 16384x1 scale 1 background #000") { s in
      .canvas(
        CanvasSettings(
          width: 16384, height: 1, sizeRange: wordRange("16384x1", in: s),
          background: colour(.black, "#000", in: s),
          scale: number(1, "1", in: s)))
    },
    Form(source: "add sun at 120,80 radius 40 fill red") { s in
      .add(
        id: text("sun", "sun", in: s),
        properties: CircleProperties(
          center: point(120, 80, "120,80", in: s),
          radius: number(40, "40", in: s),
          fill: colour(Colour(red: 255, green: 0, blue: 0), "red", in: s)))
    },
    Form(source: "add r .5 at 1,2") { s in
      .add(
        id: nil,
        properties: CircleProperties(
          center: point(1, 2, "1,2", in: s),
          radius: number(0.5, ".5", in: s)))
    },
    Form(
      source: "add at at -3.5,0 radius 0 opacity 0.25 width 2 stroke CornflowerBlue fill #ff000080"
    ) { s in
      .add(
        id: text("at", "at", in: s),
        properties: CircleProperties(
          center: point(-3.5, 0, "-3.5,0", in: s),
          radius: number(0, "0", in: s),
          fill: colour(Colour(red: 255, green: 0, blue: 0, alpha: 128), "#ff000080", in: s),
          stroke: colour(Colour(red: 100, green: 149, blue: 237), "CornflowerBlue", in: s),
          strokeWidth: number(2, "2", in: s),
          opacity: number(0.25, "0.25", in: s)))
    },
    Form(source: "remove sun") { s in .remove(id: text("sun", "sun", in: s)) },
    Form(source: "move sun to 10,20") { s in
      .move(
        id: text("sun", "sun", in: s), motion: .to,
        point: point(10, 20, "10,20", in: s))
    },
    Form(source: "move _s-1 by -5,.5") { s in
      .move(
        id: text("_s-1", "_s-1", in: s), motion: .by,
        point: point(-5, 0.5, "-5,.5", in: s))
    },
    Form(source: "set sun fill none r 3") { s in
      .set(
        id: text("sun", "sun", in: s),
        properties: CircleProperties(
          radius: number(3, "3", in: s),
          fill: colour(.none, "none", in: s)))
    },
    Form(source: "front sun") { s in .front(id: text("sun", "sun", in: s)) },
    Form(source: "back Sun2") { s in .back(id: text("Sun2", "Sun2", in: s)) },
    Form(source: "clear") { _ in .clear },
    Form(source: "undo") { _ in .undo(count: nil) },
    Form(source: "undo 3") { s in .undo(count: number(3, "3", in: s)) },
    Form(source: "redo 2147483647") { s in
      .redo(count: number(2_147_483_647, "2147483647", in: s))
    },
    Form(source: "limit 0") { s in .limit(number(0, "0", in: s)) },
    Form(source: "render out/frame.PNG") { s in
      .render(path: text("out/frame.PNG", "out/frame.PNG", in: s))
    },
    Form(source: "render \"my.png\"") { s in
      .render(path: text("my.png", "\"my.png\"", in: s))
    },
    Form(source: "expect count 0") { s in .expect(.count(number(0, "0", in: s))) },
    Form(source: "expect undo \"Batch\"") { s in
      .expect(.undo(text("Batch", "\"Batch\"", in: s)))
    },
    Form(source: "expect redo none") { _ in .expect(.redo(nil)) },
    Form(source: "expect pixel 10,10 #fff within 3") { s in
      .expect(
        .pixel(
          point: point(10, 10, "10,10", in: s),
          colour: colour(.white, "#fff", in: s),
          tolerance: number(3, "3", in: s)))
    },
    Form(source: "expect pixel 1,2 transparent") { s in
      .expect(
        .pixel(
          point: point(1, 2, "1,2", in: s),
          colour: colour(.none, "transparent", in: s), tolerance: nil))
    },
  ]

  @Test("each valid command form gives its AST node", arguments: forms)
  func validForm(_ form: Form) throws {
    let script = try Parser.parse(form.source, fileName: "t.circles")
    let statement = try #require(script.statements.first)
    #expect(script.statements.count == 1)
    #expect(statement.command == form.command(form.source))
    let first = try #require(form.source.split(separator: " ").first.map(String.init))
    #expect(statement.keyword == wordRange(first, in: form.source))
    #expect(statement.range.start.column == 1)
    #expect(statement.range.length == form.source.count)
  }

  @Test("groups nest, hold their statements and record the group line")
  func groups() throws {
    let source = """
      limit 5
      group "outer" {
        add a at 1,1 r 1
        group "inner" {   // nested
          clear
        }
      }
      group "empty" {
      }
      """
    let script = try Parser.parse(source, fileName: "t.circles")
    #expect(script.statements.count == 3)
    guard case .group(let name, let body) = script.statements[1].command else {
      Issue.record("not a group")
      return
    }
    #expect(name.constant == "outer")
    #expect(name.range.start == SourceLocation(file: "t.circles", line: 2, column: 7))
    #expect(body.count == 2)
    #expect(body[0].keyword.start.line == 3)
    guard case .group(let innerName, let inner) = body[1].command else {
      Issue.record("not a nested group")
      return
    }
    #expect(innerName.constant == "inner")
    #expect(inner.map(\.command) == [.clear])
    #expect(
      script.statements[2].command
        == .group(
          name: .text("empty", at: script.statements[2].range.subrange(offset: 6, length: 7)),
          body: []))
  }

  @Test("Script.parse reads bytes and text as Parser.parse does")
  func scriptParse() throws {
    let text = "add a at 1,1 r 1\ngroup \"g\" {\n  clear\n}\nexpect count 0"
    let parsed = try Parser.parse(text, fileName: "s")
    #expect(try Script.parse(Array(text.utf8), fileName: "s") == parsed)
    #expect(try Script.parse(text, fileName: "s") == parsed)
    #expect(parsed.fileName == "s")
    #expect(parsed.statements.map(\.command.isChange) == [true, true, false])
  }

  @Test("an empty script, or one with only comments, has no statements")
  func emptyScripts() throws {
    #expect(try Parser.parse("", fileName: "e").statements.isEmpty)
    #expect(
      try Parser.parse("#!/bin/circles\n// nothing\n\n   \t\n", fileName: "e").statements.isEmpty)
  }

  @Test("every CSS colour name parses, in any case")
  func colourNames() throws {
    for name in NamedColours.names {
      let script = try Parser.parse("set a fill \(name.uppercased())", fileName: "c")
      guard case .set(_, let properties) = script.statements[0].command else {
        Issue.record("not a set")
        continue
      }
      #expect(properties.fill?.constant == NamedColours.colour(named: name))
    }
  }

  @Test("a million-line script parses in linear time")
  func longScript() throws {
    let line = "move a by 1,1 // step\n"
    let small = String(repeating: line, count: 20_000)
    let large = String(repeating: line, count: 80_000)
    let clock = ContinuousClock()
    let smallTime = try clock.measure { _ = try Parser.parse(small, fileName: "s") }
    let largeTime = try clock.measure { _ = try Parser.parse(large, fileName: "l") }
    #expect(largeTime < smallTime * 12)
  }

  @Test("deep nesting is refused with a clear error instead of overflowing the stack")
  func deepNesting() {
    let depth = 10_000
    let source =
      String(repeating: "group \"g\" {\n", count: depth) + String(repeating: "}\n", count: depth)
    do {
      _ = try Parser.parse(source, fileName: "deep.circles")
      Issue.record("parsed")
    } catch {
      // One error for the first block too deep; the blocks inside it and the braces that
      // close them all are matched without more.
      #expect(error.diagnostics.count == 1)
      let diagnostic = error.diagnostics[0]
      #expect(diagnostic.message == "groups nested too deeply; at most 100 levels are allowed")
      #expect(diagnostic.location == SourceLocation(file: "deep.circles", line: 101, column: 1))
    }
  }

  @Test("groups nested to the limit parse")
  func nestingAtLimit() throws {
    let depth = Parser.maximumGroupDepth
    let source =
      String(repeating: "group \"g\" {\n", count: depth) + "clear\n"
      + String(repeating: "}\n", count: depth)
    let script = try Parser.parse(source, fileName: "ok")
    #expect(script.statements.count == 1)
  }
}
