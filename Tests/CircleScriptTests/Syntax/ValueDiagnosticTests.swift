import Testing

@testable import CircleScript

@Suite("Value diagnostics")
struct ValueDiagnosticTests {
  typealias Case = DiagnosticCase

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
      source: "limit 99999999999999999999",
      expected: """
        scene.circles:1:7: error: limit must be at most 2147483647, not 99999999999999999999
        limit 99999999999999999999
              ^~~~~~~~~~~~~~~~~~~~

        """),
    Case(
      source: "expect count 3000000000",
      expected: """
        scene.circles:1:14: error: count must be at most 2147483647, not 3000000000
        expect count 3000000000
                     ^~~~~~~~~~

        """),
    Case(
      source: "add a at 1,1 r 1\nundo 99999999999999999999",
      expected: """
        scene.circles:2:6: error: undo count must be at most 2147483647, not \
        99999999999999999999
        undo 99999999999999999999
             ^~~~~~~~~~~~~~~~~~~~

        """),
    Case(
      source: "redo 2147483648",
      expected: """
        scene.circles:1:6: error: redo count must be at most 2147483647, not 2147483648
        redo 2147483648
             ^~~~~~~~~~

        """),
    Case(
      source: "undo -2",
      expected: """
        scene.circles:1:6: error: undo count must be at least 1, not -2
        undo -2
             ^~

        """),
    Case(
      source: "undo 1000000.5",
      expected: """
        scene.circles:1:6: error: undo count must be a whole number, not 1000000.5
        undo 1000000.5
             ^~~~~~~~~

        """),
    Case(
      // `two` would be a variable, known only when the script runs.
      source: "redo none",
      expected: """
        scene.circles:1:6: error: expected a whole number for the redo count, found 'none'
        redo none
             ^~~~

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

  @Test("values: colours, numbers, sizes, counts and files", arguments: values)
  func valueErrors(_ test: Case) {
    #expect(renderedParseError(test.source) == test.expected)
  }
}
