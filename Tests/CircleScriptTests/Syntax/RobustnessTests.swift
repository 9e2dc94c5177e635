import CirclesTestSupport
import Testing

@testable import CircleScript

@Suite("Robustness")
struct RobustnessTests {
  static let vocabulary = [
    "canvas", "add", "remove", "move", "set", "front", "back", "clear", "undo", "redo", "group",
    "limit", "render", "expect", "count", "pixel", "none", "within", "at", "radius", "r", "fill",
    "stroke", "width", "opacity", "to", "by", "background", "scale", "a", "b", "c1", "sun", "0",
    "1", "3", "-2", ".5", "1.5", "99999999999", "1,1", "10,-3", ",", "1,", "400x300", "0x1",
    "red", "#ff0", "#12345", "gren", "\"Add a\"", "\"g\"", "\"\"", "{", "}", "//", "out.png",
    "\"x", "nan", "é", "\t", "repeat", "let", "seed", "as", "i", "=", "(i + 1)", "(1 / 0)",
    "dot{i}", "\"g {i}\"", "rgb(1, 2, 3)", "hsl(i, 50%, 50%)", "sin(i)", "(", ")",
  ]

  /// The line and column of every diagnostic lie inside the source, or just past a line's end.
  func checkLocation(_ diagnostic: Diagnostic, in source: String, file: String) {
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(diagnostic.location.file == file)
    #expect((1...lines.count).contains(diagnostic.location.line))
    let line = lines[min(lines.count, max(1, diagnostic.location.line)) - 1]
    #expect((1...line.count + 1).contains(diagnostic.location.column))
  }

  @Test("random token soup never crashes the parser, the interpreter or the printer")
  func tokenSoup() {
    var generator = SeededGenerator(seed: 2024)
    var parsed = 0
    for _ in 0..<1500 {
      let lineCount = Int.random(in: 1...6, using: &generator)
      let lines = (0..<lineCount).map { _ in
        (0..<Int.random(in: 0...7, using: &generator)).map { _ in
          Self.vocabulary.randomElement(using: &generator)!
        }.joined(separator: " ")
      }
      let source = lines.joined(separator: "\n")
      let outcome = run(source)
      if let failure = outcome.failure {
        checkLocation(failure.diagnostic, in: source, file: "scene.circles")
        let rendered = outcome.rendered ?? ""
        #expect(rendered.hasPrefix(failure.diagnostic.description + "\n"))
      } else {
        parsed += 1
        #expect(outcome.host.frames.first?.name == "0000-start")
      }
    }
    #expect(parsed > 0)
  }

  @Test("random bytes are rejected or parsed, never a crash, and print safely")
  func binaryGarbage() {
    var generator = SeededGenerator(seed: 99)
    for round in 0..<300 {
      let length = Int.random(in: 0...200, using: &generator)
      var bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
      if round % 3 == 0 { bytes = bytes.map { $0 & 0x7F } }
      do {
        _ = try Parser.parse(bytes, fileName: "noise")
      } catch {
        let text = DiagnosticPrinter().render(error, source: bytes)
        let first = error.diagnostics[0].location
        #expect(text.hasPrefix("noise:\(first.line):\(first.column): error: "))
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
      }
    }
  }

  @Test("a script built by hand with groups deeper than the limit fails cleanly")
  func deepHandBuiltScript() {
    let here = SourceRange(start: SourceLocation(file: "h", line: 1, column: 1), length: 5)
    var statement = Statement(command: .clear, keyword: here, range: here)
    for _ in 0..<(Parser.maximumGroupDepth + 5) {
      statement = Statement(
        command: .group(name: .text("g", at: here), body: [statement]), keyword: here,
        range: here)
    }
    let interpreter = Interpreter(host: RecordingHost())
    #expect(throws: ScriptFailure.self) {
      try interpreter.run(Script(fileName: "h", statements: [statement]))
    }
    #expect(interpreter.canvas.undoManager.groupingLevel == 0)
  }

  @Test("a quoted id is reported as such")
  func quotedID() {
    #expect(
      renderedParseError("add \"sun\" at 1,1 r 1") == """
        scene.circles:1:5: error: expected a circle id, found string "sun"
        add "sun" at 1,1 r 1
            ^~~~~

        """)
  }
}
