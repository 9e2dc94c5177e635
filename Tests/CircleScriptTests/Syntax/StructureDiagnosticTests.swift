import Testing

@testable import CircleScript

@Suite("Structure diagnostics")
struct StructureDiagnosticTests {
  typealias Case = DiagnosticCase

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
        scene.circles:2:1: error: unexpected '}' with no open group, repeat, if or def
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
      source: "group \"a\" {\n} clear",
      expected: """
        scene.circles:2:3: error: unexpected 'clear' after '}'; put each command on a line of \
        its own
        } clear
          ^~~~~

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
        scene.circles:1:1: error: unexpected '{'; a '{' ends a 'group', 'repeat', 'if' or 'def' line
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
        scene.circles:3:1: error: 'canvas' must come before any other command except 'limit', 'let' \
        and 'seed'
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

  @Test("structure: groups, braces and the placement of canvas and undo", arguments: structure)
  func structureErrors(_ test: Case) {
    #expect(renderedParseError(test.source) == test.expected)
  }
}
