import Testing

@testable import CircleScript

@Suite("Diagnostic printer")
struct DiagnosticPrinterTests {
  func range(line: Int, column: Int, length: Int) -> SourceRange {
    SourceRange(
      start: SourceLocation(file: "scene.circles", line: line, column: column), length: length)
  }

  @Test("the compiler format: location, source line and caret")
  func plain() {
    let source = "canvas 100x100\n\n\n\n\ngroup \"g\" {\n    remove moon\n}\n"
    let diagnostic = Diagnostic.error(
      "no circle named 'moon'", at: range(line: 7, column: 12, length: 4))
    #expect(
      DiagnosticPrinter().render(diagnostic, source: source) == """
        scene.circles:7:12: error: no circle named 'moon'
            remove moon
                   ^~~~

        """)
    #expect(diagnostic.description == "scene.circles:7:12: error: no circle named 'moon'")
    #expect(diagnostic.location.description == "scene.circles:7:12")
  }

  @Test("tabs are kept in the caret line, wide characters count as one column")
  func tabsAndUnicode() {
    let source = "\t\"é☀️\"\tx"
    let diagnostic = Diagnostic.error("bad", at: range(line: 1, column: 7, length: 1))
    #expect(
      DiagnosticPrinter().render(diagnostic, source: source) == "scene.circles:1:7: error: bad\n"
        + source + "\n\t    \t^\n")
  }

  @Test("notes follow, with and without a location; warnings say so")
  func notes() {
    let diagnostic = Diagnostic(
      severity: .warning, range: range(line: 2, column: 1, length: 0), message: "odd",
      notes: [
        Diagnostic.Note(range: range(line: 1, column: 3, length: 2), message: "see here"),
        Diagnostic.Note(range: nil, message: "and think"),
      ])
    #expect(
      DiagnosticPrinter().render(diagnostic, source: "ab cd\r\nef\r\n") == """
        scene.circles:2:1: warning: odd
        ef
        ^
        scene.circles:1:3: note: see here
        note: and think

        """)
  }

  @Test("a line past the end of the source prints no excerpt")
  func missingLine() {
    let diagnostic = Diagnostic.error("gone", at: range(line: 9, column: 1, length: 1))
    #expect(
      DiagnosticPrinter().render(diagnostic, source: "a\nb") == "scene.circles:9:1: error: gone\n")
  }

  @Test("colour wraps the parts in ANSI sequences only when asked")
  func colour() {
    let diagnostic = Diagnostic.error("bad", at: range(line: 1, column: 1, length: 2))
    let text = DiagnosticPrinter(colour: true).render(diagnostic, source: "ab")
    #expect(
      text == "\u{1B}[1mscene.circles:1:1: \u{1B}[1;31merror:\u{1B}[0m\u{1B}[1m bad\u{1B}[0m\n"
        + "ab\n\u{1B}[1;32m^~\u{1B}[0m\n")
    #expect(!DiagnosticPrinter().render(diagnostic, source: "ab").contains("\u{1B}"))
  }
}
