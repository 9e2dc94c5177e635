import CircleScript
import Testing

@testable import CirclesKit

/// Lines and positions of a document found from its bytes, at the edges of lines and texts.
@Suite("The line index of a document")
struct LineIndexTests {
  static func at(_ line: Int, _ character: Int) -> LSPPosition {
    LSPPosition(line: line, character: character)
  }

  @Test("lines end at \\n or \\r\\n; a lone \\r stays in its line; the last line may be empty")
  func lines() {
    let index = LineIndex("a\r\nbc\n\rd\n")
    #expect(index.count == 4)
    #expect((0..<4).map { String(index.line($0)) } == ["a", "bc", "\rd", ""])
    #expect(index.line(4) == "" && index.line(-1) == "")
    #expect(LineIndex("").count == 1 && LineIndex("").end == Self.at(0, 0))
    #expect(LineIndex("ab\ncd").end == Self.at(1, 2))
    #expect(LineIndex("ab\n").end == Self.at(1, 0))
  }

  @Test("a position's index: in a line, past its end, past the last line, inside a character")
  func positions() {
    let text = "ab\n😀x\n"
    let index = LineIndex(text)
    func offset(_ position: LSPPosition) -> Int {
      text.utf8.distance(from: text.startIndex, to: index.index(of: position))
    }
    #expect(offset(Self.at(0, 0)) == 0)
    #expect(offset(Self.at(0, 2)) == 2)
    #expect(offset(Self.at(0, 9)) == 2)
    #expect(offset(Self.at(1, 2)) == 7)
    #expect(offset(Self.at(1, 3)) == 8)
    // Between the two halves of 😀: the end of the line.
    #expect(offset(Self.at(1, 1)) == 8)
    #expect(offset(Self.at(2, 0)) == 9)
    #expect(offset(Self.at(3, 0)) == 9)
  }

  @Test("a diagnostic's range in UTF-16 units; a line past the end is the last line's start")
  func ranges() {
    let index = LineIndex("add 😀 at\nremove moon\n")
    let range = SourceRange(start: SourceLocation(file: "s", line: 1, column: 7), length: 2)
    #expect(index.range(range) == LSPRange(start: Self.at(0, 7), end: Self.at(0, 9)))
    let past = SourceRange(start: SourceLocation(file: "s", line: 9, column: 1), length: 1)
    #expect(index.range(past) == LSPRange(start: Self.at(2, 0), end: Self.at(2, 0)))
  }
}
