import Testing

@testable import CircleScript

/// Parses `source` as `scene.circles` and renders the diagnostic, or says that it parsed.
func renderedParseError(_ source: String) -> String {
  do {
    _ = try Parser.parse(source, fileName: "scene.circles")
    return "parsed"
  } catch {
    return DiagnosticPrinter().render(error, source: source)
  }
}

@Suite("Parser diagnostics")
struct ParserDiagnosticTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var source: String
    var expected: String
    var testDescription: String { source.split(separator: "\n").last.map(String.init) ?? "" }
  }

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

  static let values: [Case] = [
    Case(
      source: "add sun at 1,2 radius 3 fill gren",
      expected: """
        scene.circles:1:30: error: unknown colour 'gren'; did you mean 'green'?
        add sun at 1,2 radius 3 fill gren
                                     ^~~~

        """),
    Case(
      source: "add sun at 1,2 radius 3 stroke #12345",
      expected: """
        scene.circles:1:32: error: invalid colour '#12345'; use #rgb, #rgba, #rrggbb or #rrggbbaa
        add sun at 1,2 radius 3 stroke #12345
                                       ^~~~~~

        """),
    Case(
      source: "canvas 400x300 background \"red\"",
      expected: """
        scene.circles:1:27: error: expected a colour, found string "red"
        canvas 400x300 background "red"
                                  ^~~~~

        """),
    Case(
      source: "add sun at 1,2 radius -4",
      expected: """
        scene.circles:1:23: error: radius must be at least 0, not -4
        add sun at 1,2 radius -4
                              ^~

        """),
    Case(
      source: "set sun opacity 1.5",
      expected: """
        scene.circles:1:17: error: opacity must be between 0 and 1, not 1.5
        set sun opacity 1.5
                        ^~~

        """),
    Case(
      source: "set sun width nan",
      expected: """
        scene.circles:1:15: error: expected a number after 'width', found 'nan'
        set sun width nan
                      ^~~

        """),
    Case(
      source: "set sun r 1e9",
      expected: """
        scene.circles:1:11: error: invalid number '1e9'; write a plain decimal such as 12, -3.5 \
        or .5
        set sun r 1e9
                  ^~~

        """),
    Case(
      source: "set sun r 12345678901234567890123456789",
      expected: """
        scene.circles:1:11: error: number 12345678901234567890… is too large; numbers must be \
        between -1000000 and 1000000
        set sun r 12345678901234567890123456789
                  ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~

        """),
    Case(
      source: "move sun to 1," + String(repeating: "9", count: 400),
      expected: """
        scene.circles:1:15: error: y coordinate 99999999999999999999… is too large; numbers \
        must be between -1000000 and 1000000
        move sun to 1,\(String(repeating: "9", count: 400))
                      ^\(String(repeating: "~", count: 399))

        """),
    Case(
      source: "canvas 400",
      expected: """
        scene.circles:1:8: error: invalid canvas size '400'; write WIDTHxHEIGHT, such as 400x300
        canvas 400
               ^~~

        """),
    Case(
      source: "canvas 400x0",
      expected: """
        scene.circles:1:12: error: canvas height must be between 1 and 16384, not 0
        canvas 400x0
                   ^

        """),
    Case(
      source: "canvas 99999999999999999999999x1",
      expected: """
        scene.circles:1:8: error: canvas width must be between 1 and 16384, not \
        99999999999999999999999
        canvas 99999999999999999999999x1
               ^~~~~~~~~~~~~~~~~~~~~~~

        """),
    Case(
      source: "canvas 4000x300 scale 8",
      expected: """
        scene.circles:1:23: error: canvas 4000x300 at scale 8 is too large; each side × scale \
        must be at most 16384
        canvas 4000x300 scale 8
                              ^

        """),
    Case(
      source: "canvas 400x300 scale 0",
      expected: """
        scene.circles:1:22: error: scale must be greater than 0, not 0
        canvas 400x300 scale 0
                             ^

        """),
    Case(
      source: "undo 0",
      expected: """
        scene.circles:1:6: error: undo count must be at least 1, not 0
        undo 0
             ^

        """),
    Case(
      source: "redo 2.5",
      expected: """
        scene.circles:1:6: error: redo count must be a whole number, not 2.5
        redo 2.5
             ^~~

        """),
    Case(
      source: "undo 99999999999999999999",
      expected: """
        scene.circles:1:6: error: undo count must be at least 1, not 99999999999999999999
        undo 99999999999999999999
             ^~~~~~~~~~~~~~~~~~~~

        """),
    Case(
      source: "limit -1",
      expected: """
        scene.circles:1:7: error: limit must be at least 0, not -1
        limit -1
              ^~

        """),
    Case(
      source: "expect pixel 1,1 red within 256",
      expected: """
        scene.circles:1:29: error: tolerance must be between 0 and 255, not 256
        expect pixel 1,1 red within 256
                                    ^~~

        """),
    Case(
      source: "expect cont 3",
      expected: """
        scene.circles:1:8: error: unknown expectation 'cont'; did you mean 'count'?
        expect cont 3
               ^~~~

        """),
    Case(
      source: "expect undo Clear",
      expected: """
        scene.circles:1:13: error: expected an action name in quotes or 'none' after 'undo', \
        found 'Clear'
        expect undo Clear
                    ^~~~~

        """),
    Case(
      source: "render picture.jpg",
      expected: """
        scene.circles:1:8: error: render file 'picture.jpg' must be a '.png' file
        render picture.jpg
               ^~~~~~~~~~~

        """),
    Case(
      source: "render ../outside.png",
      expected: """
        scene.circles:1:8: error: render file '../outside.png' must stay inside the output \
        folder
        render ../outside.png
               ^~~~~~~~~~~~~~

        """),
  ]

  static let structure: [Case] = [
    Case(
      source: "group \"a\" {\n  add x at 1,1 r 1\n  group \"b\" {\n  }\n",
      expected: """
        scene.circles:1:11: error: unclosed group 'a'; add a '}' on a line of its own
        group "a" {
                  ^

        """),
    Case(
      source: "clear\n}",
      expected: """
        scene.circles:2:1: error: unexpected '}' with no open group
        }
        ^

        """),
    Case(
      source: "group \"a\" {\n  clear }\n}",
      expected: """
        scene.circles:2:9: error: unexpected '}' at the end of 'clear'; put '}' on a line of its \
        own
          clear }
                ^

        """),
    Case(
      source: "group \"a\" { clear",
      expected: """
        scene.circles:1:13: error: unexpected 'clear' after '{'; put each command on a line of \
        its own
        group "a" { clear
                    ^~~~~

        """),
    Case(
      source: "group a {",
      expected: """
        scene.circles:1:7: error: expected a group name in quotes after 'group', found 'a'
        group a {
              ^

        """),
    Case(
      source: "group \"a\"",
      expected: """
        scene.circles:1:10: error: expected '{' after the group name
        group "a"
                 ^

        """),
    Case(
      source: "{",
      expected: """
        scene.circles:1:1: error: unexpected '{'; a '{' ends a 'group' line
        {
        ^

        """),
    Case(
      source: "group \"a\" {\n\tundo\n}",
      expected: """
        scene.circles:2:2: error: 'undo' cannot be used inside a group
        \tundo
        \t^~~~
        scene.circles:1:1: note: the group starts here

        """),
    Case(
      source: "group \"a\" {\n  group \"b\" {\n    redo 2\n  }\n}",
      expected: """
        scene.circles:3:5: error: 'redo' cannot be used inside a group
            redo 2
            ^~~~
        scene.circles:1:1: note: the group starts here

        """),
    Case(
      source: "limit 3\nadd a at 1,1 r 1\ncanvas 10x10",
      expected: """
        scene.circles:3:1: error: 'canvas' must come before any other command except 'limit'
        canvas 10x10
        ^~~~~~
        scene.circles:2:1: note: first command here

        """),
    Case(
      source: "canvas 10x10\ncanvas 20x20",
      expected: """
        scene.circles:2:1: error: duplicate 'canvas'; a script configures its canvas once
        canvas 20x20
        ^~~~~~
        scene.circles:1:1: note: the canvas is configured here

        """),
    Case(
      source: "group \"a\" {\n canvas 20x20\n}",
      expected: """
        scene.circles:2:2: error: 'canvas' cannot be used inside a group
         canvas 20x20
         ^~~~~~

        """),
    Case(
      source: "\"add\" a",
      expected: """
        scene.circles:1:1: error: expected a command, found a string
        "add" a
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

  @Test("values: colours, numbers, sizes, counts and files", arguments: values)
  func valueErrors(_ test: Case) {
    #expect(renderedParseError(test.source) == test.expected)
  }

  @Test("structure: groups, braces and the placement of canvas and undo", arguments: structure)
  func structureErrors(_ test: Case) {
    #expect(renderedParseError(test.source) == test.expected)
  }

  @Test("control characters are shown as visible symbols", arguments: encoding)
  func encodingErrors(_ test: Case) {
    #expect(renderedParseError(test.source) == test.expected)
  }

  @Test("invalid UTF-8 is reported at the first bad byte and shown as a replacement character")
  func invalidUTF8() {
    let bytes = Array("clear\n// café ".utf8) + [0xFE, 0x41] + Array("\nclear".utf8)
    do {
      _ = try Parser.parse(bytes, fileName: "bad.circles")
      Issue.record("parsed")
    } catch {
      #expect(
        DiagnosticPrinter().render(error, source: bytes) == """
          bad.circles:2:9: error: invalid UTF-8 (byte 0xFE); a script must be UTF-8 text
          // café \u{FFFD}A
                  ^

          """)
    }
  }

  @Test("commands, keywords, ids and points", arguments: commands)
  func commandErrors(_ test: Case) {
    #expect(renderedParseError(test.source) == test.expected)
  }
}
