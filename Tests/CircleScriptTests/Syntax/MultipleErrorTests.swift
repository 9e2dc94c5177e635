import Testing

@testable import CircleScript

/// Every line that fails to parse is reported, up to 20, and then nothing runs (docs/language.md, "Errors").
@Suite("Every syntax error at once")
struct MultipleErrorTests {
  @Test("each broken line is reported in order, inside blocks too, and nothing runs")
  func everyBrokenLine() {
    let source = """
      canvas 100x100
      add sun at 1,2 radius 3 fill gren
      add moon at 1,1 r 1
      group "g" {
        move moon to 1,
        repeat (2 {
          add at 1,1 r (1 +)
        }
      }
      circel
      """
    let outcome = run(source)
    #expect(
      outcome.rendered == """
        scene.circles:2:30: error: unknown colour 'gren'; did you mean 'green'?
        add sun at 1,2 radius 3 fill gren
                                     ^~~~
        scene.circles:5:16: error: incomplete point '1,'; write x,y with no spaces
          move moon to 1,
                       ^~
        scene.circles:6:10: error: unbalanced parentheses; add a ')' to close this '('
          repeat (2 {
                 ^
        scene.circles:7:22: error: expected a value, found ')'
            add at 1,1 r (1 +)
                             ^
        scene.circles:10:1: error: unknown command 'circel'; did you mean 'clear'?
        circel
        ^~~~~~

        """)
    #expect(outcome.failure?.exitCode == 2)
    #expect(outcome.host.frames.isEmpty)
  }

  @Test("a block whose first line is broken still matches its '}', and its body is checked")
  func brokenHeader() {
    let source = "repeat x y {\n  add a at 1,1 r -1\n  group \"ok\" {\n    clear\n  }\n}\nclear\n}"
    #expect(
      renderedParseError(source) == """
        scene.circles:1:10: error: expected '{' after the repeat count, found 'y'
        repeat x y {
                 ^
        scene.circles:2:18: error: radius must be at least 0, not -1
          add a at 1,1 r -1
                         ^~
        scene.circles:8:1: error: unexpected '}' with no open group, repeat, if or def
        }
        ^

        """)
  }

  @Test("a line with bad bytes is skipped; the lines after it are still checked")
  func afterBadBytes() {
    let bytes =
      Array("group \"a".utf8) + [0xFF] + Array("\" {\n  add a at 1,1 r x,y\n}\nundo 0\n".utf8)
    #expect(
      renderedParseError(bytes, fileName: "bad.circles") == """
        bad.circles:1:9: error: invalid UTF-8 (byte 0xFF); a script must be UTF-8 text
        group "a\u{FFFD}" {
                ^
        bad.circles:2:18: error: expected a number after 'r', found 'x,y'
          add a at 1,1 r x,y
                         ^~~
        bad.circles:4:6: error: undo count must be at least 1, not 0
        undo 0
             ^

        """)
  }

  @Test(
    "at most 20 errors; the twentieth says when more follow",
    arguments: [(19, 19, false), (20, 20, false), (21, 20, true), (500, 20, true)])
  func limit(broken: Int, reported: Int, saysMore: Bool) {
    let source = (1...broken).map { "add c\($0) at 1 r 1" }.joined(separator: "\nclear\n")
    do {
      _ = try Parser.parse(source, fileName: "many.circles")
      Issue.record("parsed")
    } catch {
      #expect(error.diagnostics.count == reported)
      #expect(error.diagnostics.map(\.location.line) == (0..<reported).map { 1 + 2 * $0 })
      let notes = error.diagnostics.flatMap(\.notes).map(\.message)
      #expect(notes == (saysMore ? ["more errors follow; only the first 20 are shown"] : []))
      if saysMore {
        #expect(
          DiagnosticPrinter().render(error, source: source).hasSuffix(
            """
            add c20 at 1 r 1
                       ^
            note: more errors follow; only the first 20 are shown

            """))
      }
    }
  }

  @Test("syntax errors are exit code 2, one failure listing them all")
  func failure() {
    let outcome = run("clear x\nclear y")
    #expect(outcome.failure?.exitCode == 2)
    #expect(outcome.failure?.isError == true)
    #expect(outcome.failure?.diagnostics.map(\.location.line) == [1, 2])
    #expect(
      outcome.failure?.description == """
        scene.circles:1:7: error: unexpected 'x' at the end of 'clear'
        scene.circles:2:7: error: unexpected 'y' at the end of 'clear'
        """)
  }
}
