import Testing

@testable import CircleScript

/// The syntax errors of docs/language.md, "Variables, expressions and loops", rendered whole: they are found before anything runs.
@Suite("Expression diagnostics")
struct ExpressionDiagnosticTests {
  typealias Case = DiagnosticCase

  static let parseErrors: [Case] = [
    Case(
      source: "let x = (1 + 2",
      expected: """
        scene.circles:1:9: error: unbalanced parentheses; add a ')' to close this '('
        let x = (1 + 2
                ^

        """),
    Case(
      source: "let x = 1 + 2)",
      expected: """
        scene.circles:1:14: error: unbalanced parentheses; this ')' has no '('
        let x = 1 + 2)
                     ^

        """),
    Case(
      source: "add a at (1 + (2 * 3),4 r 1",
      expected: """
        scene.circles:1:10: error: unbalanced parentheses; add a ')' to close this '('
        add a at (1 + (2 * 3),4 r 1
                 ^

        """),
    Case(
      source: "add a at 1,1 r (2))",
      expected: """
        scene.circles:1:19: error: unbalanced parentheses; this ')' has no '('
        add a at 1,1 r (2))
                          ^

        """),
    Case(
      source: "add a at 1,1 r 1 fill rgb(1, 2, 3",
      expected: """
        scene.circles:1:26: error: unbalanced parentheses; add a ')' to close this '('
        add a at 1,1 r 1 fill rgb(1, 2, 3
                                 ^

        """),
    Case(
      source: "let x = sine(30)",
      expected: """
        scene.circles:1:9: error: unknown function 'sine'; did you mean 'sin'?
        let x = sine(30)
                ^~~~

        """),
    Case(
      source: "add a at 1,1 r (sqr(4))",
      expected: """
        scene.circles:1:17: error: unknown function 'sqr'; did you mean 'sqrt'?
        add a at 1,1 r (sqr(4))
                        ^~~

        """),
    Case(
      source: "let x = blend(1, 2)",
      expected: """
        scene.circles:1:9: error: unknown function 'blend'
        let x = blend(1, 2)
                ^~~~~

        """),
    Case(
      source: "let x = min(1)",
      expected: """
        scene.circles:1:9: error: 'min' takes 2 arguments, not 1
        let x = min(1)
                ^~~~~~

        """),
    Case(
      source: "let x = sqrt(1, 2)",
      expected: """
        scene.circles:1:9: error: 'sqrt' takes 1 argument, not 2
        let x = sqrt(1, 2)
                ^~~~~~~~~~

        """),
    Case(
      source: "let x = random()",
      expected: """
        scene.circles:1:9: error: 'random' takes 2 arguments, not 0
        let x = random()
                ^~~~~~~~

        """),
    Case(
      source: "add a at 1,1 r 1 fill rgb(1, 2)",
      expected: """
        scene.circles:1:23: error: 'rgb' takes 3 or 4 arguments, not 2
        add a at 1,1 r 1 fill rgb(1, 2)
                              ^~~~~~~~~

        """),
    Case(
      source: "add a at 1,1 r 1 stroke hsl(1, 2, 3, 4, 5)",
      expected: """
        scene.circles:1:25: error: 'hsl' takes 3 or 4 arguments, not 5
        add a at 1,1 r 1 stroke hsl(1, 2, 3, 4, 5)
                                ^~~~~~~~~~~~~~~~~~

        """),
  ]

  static let grammar: [Case] = [
    Case(
      source: "let x = 2 *",
      expected: """
        scene.circles:1:12: error: expected a value after '*'
        let x = 2 *
                   ^

        """),
    Case(
      source: "let x = 2 x",
      expected: """
        scene.circles:1:11: error: expected an operator, found 'x'
        let x = 2 x
                  ^

        """),
    Case(
      source: "let x = 1e3",
      expected: """
        scene.circles:1:9: error: invalid number '1e3'; write a plain decimal such as 12, 3.5 or .5
        let x = 1e3
                ^~~

        """),
    Case(
      source: "let x = 2000000",
      expected: """
        scene.circles:1:9: error: number 2000000 is too large; numbers must be between -1000000 \
        and 1000000
        let x = 2000000
                ^~~~~~~

        """),
    Case(
      source: "let x = 3 $ 4",
      expected: """
        scene.circles:1:11: error: unexpected '$' in an expression
        let x = 3 $ 4
                  ^

        """),
    Case(
      source: "let clear = 3",
      expected: """
        scene.circles:1:5: error: 'clear' is a command and cannot name a variable
        let clear = 3
            ^~~~~

        """),
    Case(
      source: "let sin = 3",
      expected: """
        scene.circles:1:5: error: 'sin' is a function and cannot name a variable
        let sin = 3
            ^~~

        """),
    Case(
      source: "let left-eye = 3",
      expected: """
        scene.circles:1:5: error: variable name 'left-eye' cannot contain '-', which would read \
        as a minus; use '_' instead
        let left-eye = 3
            ^~~~~~~~

        """),
    Case(
      source: "let x 3",
      expected: """
        scene.circles:1:7: error: expected '=' after 'x', found '3'
        let x 3
              ^

        """),
    Case(
      source: "let",
      expected: """
        scene.circles:1:4: error: expected a variable name after 'let'
        let
           ^

        """),
    Case(
      source: "let x = sin",
      expected: """
        scene.circles:1:9: error: 'sin' is a function; call it with parentheses: sin(…)
        let x = sin
                ^~~

        """),
    Case(
      source: "let x = rgb(1, 2, 3)",
      expected: """
        scene.circles:1:9: error: 'rgb' gives a colour, not a number
        let x = rgb(1, 2, 3)
                ^~~

        """),
    Case(
      source: "add a at 1,1 radius r*2",
      expected: """
        scene.circles:1:21: error: expected a number after 'radius', found 'r*2'; put an \
        expression in parentheses: (r*2)
        add a at 1,1 radius r*2
                            ^~~

        """),
    Case(
      source: "add a at -x,1 r 1",
      expected: """
        scene.circles:1:10: error: invalid x coordinate '-x' in point '-x,1'; put an expression \
        in parentheses: (-x)
        add a at -x,1 r 1
                 ^~

        """),
    Case(
      source: "add a at 1,1 r 1 fill hsl(10, 50%, 50)%",
      expected: """
        scene.circles:1:39: error: expected an operator, found '%'
        add a at 1,1 r 1 fill hsl(10, 50%, 50)%
                                              ^

        """),
    Case(
      source: "add a at 1,1 r 1 fill rgb(50%, 0, 0)",
      expected: """
        scene.circles:1:30: error: expected a value after '%', found ','
        add a at 1,1 r 1 fill rgb(50%, 0, 0)
                                     ^

        """),
    Case(
      source: "add a at 1,1 r 1 fill rgb(300, 0, 0)",
      expected: """
        scene.circles:1:27: error: red must be between 0 and 255, not 300
        add a at 1,1 r 1 fill rgb(300, 0, 0)
                                  ^~~

        """),
    Case(
      source: "add a at 1,1 r 1 fill hsl(0, 100%, 50%, 1.5)",
      expected: """
        scene.circles:1:41: error: alpha must be between 0 and 1, not 1.5
        add a at 1,1 r 1 fill hsl(0, 100%, 50%, 1.5)
                                                ^~~

        """),
    Case(
      source: "repeat 3 az i {",
      expected: """
        scene.circles:1:10: error: unknown keyword 'az' in 'repeat'; did you mean 'as'?
        repeat 3 az i {
                 ^~

        """),
    Case(
      source: "repeat 3 as 3i {\n}",
      expected: """
        scene.circles:1:13: error: expected a variable name after 'as', found '3i'; a name is a \
        letter or '_' followed by letters, digits or '_'
        repeat 3 as 3i {
                    ^~

        """),
    Case(
      source: "repeat 3",
      expected: """
        scene.circles:1:9: error: expected '{' after the repeat count
        repeat 3
                ^

        """),
    Case(
      source: "repeat -1 {\n}",
      expected: """
        scene.circles:1:8: error: repeat count must be at least 0, not -1
        repeat -1 {
               ^~

        """),
    Case(
      source: "repeat 2.5 {\n}",
      expected: """
        scene.circles:1:8: error: repeat count must be a whole number, not 2.5
        repeat 2.5 {
               ^~~

        """),
    Case(
      source: "seed 2147483648",
      expected: """
        scene.circles:1:6: error: seed must be at most 2147483647, not 2147483648
        seed 2147483648
             ^~~~~~~~~~

        """),
    Case(
      source: "repeat 2 {\n  canvas 10x10\n}",
      expected: """
        scene.circles:2:3: error: 'canvas' cannot be used inside a repeat
          canvas 10x10
          ^~~~~~

        """),
    Case(
      source: "repeat 2 {\n  group \"g\" {\n    undo\n  }\n}",
      expected: """
        scene.circles:3:5: error: 'undo' cannot be used inside a group
            undo
            ^~~~
        scene.circles:2:3: note: the group starts here

        """),
    Case(
      source: "repeat 2 {\n  add a at 1,1 r 1\n",
      expected: """
        scene.circles:1:10: error: unclosed repeat; add a '}' on a line of its own
        repeat 2 {
                 ^

        """),
  ]

  static let interpolations: [Case] = [
    Case(
      source: "add dot{i at 1,1 r 1",
      expected: """
        scene.circles:1:8: error: unclosed '{' in 'dot{i at 1,1 r 1'; add a '}'
        add dot{i at 1,1 r 1
               ^

        """),
    Case(
      source: "group \"Ring {i\" {\n}",
      expected: """
        scene.circles:1:13: error: unclosed '{' in string "Ring {i"; add a '}', or write \\{ for a \
        brace
        group "Ring {i" {
                    ^

        """),
    Case(
      source: "add dot{} at 1,1 r 1",
      expected: """
        scene.circles:1:8: error: empty interpolation; write an expression between '{' and '}'
        add dot{} at 1,1 r 1
               ^~

        """),
    Case(
      source: "add dot{2.5} at 1,1 r 1",
      expected: """
        scene.circles:1:9: error: interpolation must be a whole number, not 2.5
        add dot{2.5} at 1,1 r 1
                ^~~

        """),
    Case(
      source: "render ../{i}.png",
      expected: """
        scene.circles:1:8: error: render file '../{i}.png' must stay inside the output folder
        render ../{i}.png
               ^~~~~~~~~~

        """),
    Case(
      source: "render frame{i}.jpg",
      expected: """
        scene.circles:1:8: error: render file 'frame{i}.jpg' must be a '.png' file
        render frame{i}.jpg
               ^~~~~~~~~~~~

        """),
  ]

  @Test("unbalanced parentheses, unknown functions and argument counts", arguments: parseErrors)
  func parseErrorsAreReported(_ test: Case) {
    #expect(renderedParseError(test.source) == test.expected)
  }

  @Test("the grammar of expressions, names and loops", arguments: grammar)
  func grammarErrors(_ test: Case) {
    #expect(renderedParseError(test.source) == test.expected)
  }

  @Test("interpolations that cannot be read", arguments: interpolations)
  func interpolationErrors(_ test: Case) {
    #expect(renderedParseError(test.source) == test.expected)
  }
}
