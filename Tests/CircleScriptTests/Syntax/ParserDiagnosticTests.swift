import Testing

@testable import CircleScript

/// Parses `source` as `scene.circles` and renders the diagnostics, or says that it parsed.
func renderedParseError(_ source: String) -> String {
  renderedParseError(Array(source.utf8), fileName: "scene.circles")
}

/// Parses the bytes of a script and renders every diagnostic, or says that it parsed.
func renderedParseError(_ bytes: [UInt8], fileName: String) -> String {
  do {
    _ = try Parser.parse(bytes, fileName: fileName)
    return "parsed"
  } catch {
    return DiagnosticPrinter().render(error, source: bytes)
  }
}

/// A script and the diagnostic it must give, rendered whole.
struct DiagnosticCase: CustomTestStringConvertible, Sendable {
  var source: String
  var expected: String
  var testDescription: String { source.split(separator: "\n").last.map(String.init) ?? "" }
}

@Suite("Parser diagnostics")
struct ParserDiagnosticTests {
  typealias Case = DiagnosticCase

  static let commands: [Case] = [
    Case(
      source: "circel",
      expected: """
        scene.circles:1:1: error: unknown command 'circel'; did you mean 'clear'?
        circel
        ^~~~~~

        """),
    Case(
      source: "canvas 400x300\n\n  ad sun at 1,2 radius 3",
      expected: """
        scene.circles:3:3: error: unknown command 'ad'; did you mean 'add'?
          ad sun at 1,2 radius 3
          ^~

        """),
    Case(
      source: "paint sun",
      expected: """
        scene.circles:1:1: error: unknown command 'paint'
        paint sun
        ^~~~~

        """),
    Case(
      source: "add sun at 1,2 radus 3",
      expected: """
        scene.circles:1:16: error: unknown keyword 'radus' in 'add'; did you mean 'radius'?
        add sun at 1,2 radus 3
                       ^~~~~

        """),
    Case(
      source: "add sun at 1,2 radius 3 fill red fill blue",
      expected: """
        scene.circles:1:34: error: 'fill' is given twice
        add sun at 1,2 radius 3 fill red fill blue
                                         ^~~~
        scene.circles:1:25: note: 'fill' is first given here

        """),
    Case(
      source: "add sun at 1,2 r 3 radius 4",
      expected: """
        scene.circles:1:20: error: 'radius' is given twice
        add sun at 1,2 r 3 radius 4
                           ^~~~~~
        scene.circles:1:16: note: 'radius' is first given here

        """),
    Case(
      source: "add sun radius 3",
      expected: """
        scene.circles:1:17: error: missing 'at <x>,<y>' in 'add'
        add sun radius 3
                        ^

        """),
    Case(
      source: "add at 1,2",
      expected: """
        scene.circles:1:11: error: missing 'radius <r>' in 'add'
        add at 1,2
                  ^

        """),
    Case(
      source: "add sun at 1,2 radius",
      expected: """
        scene.circles:1:22: error: expected a radius after 'radius'
        add sun at 1,2 radius
                             ^

        """),
    Case(
      source: "set sun",
      expected: """
        scene.circles:1:8: error: 'set' needs at least one property: at, radius, fill, stroke, \
        width or opacity
        set sun
               ^

        """),
    Case(
      source: "remove",
      expected: """
        scene.circles:1:7: error: expected a circle id after 'remove'
        remove
              ^

        """),
    Case(
      source: "remove 3moons",
      expected: """
        scene.circles:1:8: error: invalid id '3moons'; an id is a letter or '_' followed by \
        letters, digits, '_' or '-'
        remove 3moons
               ^~~~~~

        """),
    Case(
      source: "remove sun moon",
      expected: """
        scene.circles:1:12: error: unexpected 'moon' at the end of 'remove'
        remove sun moon
                   ^~~~

        """),
    Case(
      source: "move sun in 1,2",
      expected: """
        scene.circles:1:10: error: expected 'to' or 'by' after the id, found 'in'
        move sun in 1,2
                 ^~

        """),
    Case(
      source: "\tmove\tsun to 10, 20",
      expected: """
        scene.circles:1:14: error: incomplete point '10,'; write x,y with no spaces
        \tmove\tsun to 10, 20
        \t    \t       ^~~

        """),
    Case(
      source: "move sun by 10,2x",
      expected: """
        scene.circles:1:16: error: invalid y coordinate '2x' in point '10,2x'
        move sun by 10,2x
                       ^~

        """),
    Case(
      source: "move sun by 1,2,3",
      expected: """
        scene.circles:1:13: error: invalid point '1,2,3'; a point is x,y
        move sun by 1,2,3
                    ^~~~~

        """),
  ]

  static let encoding: [Case] = [
    Case(
      source: "clear\nadd s\u{0}n at 1,1 r 1",
      expected: """
        scene.circles:2:6: error: NUL character (U+0000) in script; is this a binary file?
        add s\u{2400}n at 1,1 r 1
             ^

        """),
    Case(
      source: "group \"\u{1B}[2J\" {",
      expected: """
        scene.circles:1:8: error: control character U+001B is not allowed; use spaces, tabs and \
        line breaks
        group "\u{241B}[2J" {
               ^

        """),
  ]

  @Test("control characters are shown as visible symbols", arguments: encoding)
  func encodingErrors(_ test: Case) {
    #expect(renderedParseError(test.source) == test.expected)
  }

  @Test("invalid UTF-8 is reported at the first bad byte and shown as a replacement character")
  func invalidUTF8() {
    let bytes = Array("clear\n// café ".utf8) + [0xFE, 0x41] + Array("\nclear".utf8)
    #expect(
      renderedParseError(bytes, fileName: "bad.circles") == """
        bad.circles:2:9: error: invalid UTF-8 (byte 0xFE); a script must be UTF-8 text
        // café \u{FFFD}A
                ^

        """)
  }

  @Test("commands, keywords, ids and points", arguments: commands)
  func commandErrors(_ test: Case) {
    #expect(renderedParseError(test.source) == test.expected)
  }
}
