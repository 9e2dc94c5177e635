import Testing

@testable import CircleScript

/// Comparisons, `not`, `and` and `or` (docs/language.md, "Conditions"): each gives 1 or 0, a
/// value is true when it is not 0, comparisons are one level left to right as in C, and the
/// right side of `and` and `or` runs only when it decides.
@Suite("Comparisons and logic")
struct LogicTests {
  static let values: [(String, Double)] = [
    // Each comparison, on both sides of its boundary.
    ("1 < 2", 1), ("2 < 2", 0), ("2 <= 2", 1), ("3 <= 2", 0), ("3 > 2", 1), ("2 > 2", 0),
    ("2 >= 2", 1), ("1 >= 2", 0), ("2 == 2", 1), ("2 == 3", 0), ("2 != 3", 1), ("2 != 2", 0),
    ("-0.5 < 0", 1), (".1 + .2 == .3", 0),
    // Below + - and * / %; one level, left to right: (1 < 2) < 3, (3 > 2) == 1.
    ("1 + 1 == 2", 1), ("2 * 3 > 5", 1), ("1 < 2 < 3", 1), ("3 > 2 > 1", 0), ("3 > 2 == 1", 1),
    ("-1 < 0", 1),
    // not: below the comparisons, above and; of itself.
    ("not 0", 1), ("not 5", 0), ("not -1", 0), ("not 1 < 0", 1), ("not not 7", 1),
    ("(not 0) + 1", 2),
    // and, or: 1 or 0; and before or; left to right.
    ("2 and 3", 1), ("2 and 0", 0), ("0 and 1", 0), ("0 or 0", 0), ("0 or -4", 1),
    ("5 or 0", 1), ("1 or 0 and 0", 1), ("(1 or 0) and 0", 0), ("0 and 0 or 1", 1),
    ("not 0 and 0", 0), ("1 < 2 and 3 < 4", 1), ("1 < 2 and 3 > 4 or 5 == 5", 1),
    // In every number position's expression, in parentheses.
    ("(2 < 3) * 10", 10), ("min(1 < 2, 5)", 1), ("max(0 or 0, 0 and 1)", 0),
  ]

  @Test("each operator gives 1 or 0, with the precedence of C below + -", arguments: values)
  func value(expression: String, expected: Double) {
    #expect(ExpressionTests.value(of: expression) == expected, "\(expression)")
  }

  @Test(
    "the right side of and and or runs only when it decides: no error, no random value used",
    arguments: [
      ("0 and 1 / 0", 0.0), ("1 or 1 / 0", 1.0), ("0 and random(0, 1) > 2", 0.0),
      ("1 or unknown", 1.0), ("0 and (1 / 0 or 1)", 0.0),
    ])
  func shortCircuit(expression: String, expected: Double) {
    #expect(ExpressionTests.value(of: expression) == expected, "\(expression)")
  }

  @Test("a random() skipped by and leaves the generator where it was")
  func skippedRandomDrawsNothing() {
    let skipped = ExpressionTests.value(of: "random(0, 1)", after: "let s = 0 and random(0, 1)")
    let fresh = ExpressionTests.value(of: "random(0, 1)")
    #expect(skipped != nil && skipped == fresh)
  }

  @Test("the right side runs when it decides: its errors are reported")
  func rightSideErrors() {
    #expect(ExpressionTests.value(of: "1 and 1 / 0") == nil)
    #expect(ExpressionTests.value(of: "0 or 1 / 0") == nil)
  }

  static let errors: [DiagnosticCase] = [
    DiagnosticCase(
      source: "let x = 1 = 2",
      expected: """
        scene.circles:1:11: error: '=' does not compare; write '==' to compare
        let x = 1 = 2
                  ^

        """),
    DiagnosticCase(
      source: "let x = 1 && 2",
      expected: """
        scene.circles:1:11: error: write 'and' instead of '&&'
        let x = 1 && 2
                  ^~

        """),
    DiagnosticCase(
      source: "let x = 0 || 2",
      expected: """
        scene.circles:1:11: error: write 'or' instead of '||'
        let x = 0 || 2
                  ^~

        """),
    DiagnosticCase(
      source: "let x = !1",
      expected: """
        scene.circles:1:9: error: write 'not' instead of '!'
        let x = !1
                ^

        """),
    DiagnosticCase(
      source: "let x = 1 + not 2",
      expected: """
        scene.circles:1:13: error: 'not' applies to a whole comparison; put it in parentheses here: (not …)
        let x = 1 + not 2
                    ^~~

        """),
    DiagnosticCase(
      source: "let x = and 1",
      expected: """
        scene.circles:1:9: error: 'and' joins two conditions; a value must come before it
        let x = and 1
                ^~~

        """),
    DiagnosticCase(
      source: "let x = 1 or",
      expected: """
        scene.circles:1:13: error: expected a value after 'or'
        let x = 1 or
                    ^

        """),
    DiagnosticCase(
      source: "let x = 1 < = 2",
      expected: """
        scene.circles:1:13: error: expected a value, found '='
        let x = 1 < = 2
                    ^

        """),
    DiagnosticCase(
      source: "let or = 1",
      expected: """
        scene.circles:1:5: error: 'or' is a word of the language and cannot name a variable
        let or = 1
            ^~

        """),
    DiagnosticCase(
      source: "repeat 2 as if {\n}",
      expected: """
        scene.circles:1:13: error: 'if' is a word of the language and cannot name a variable
        repeat 2 as if {
                    ^~

        """),
  ]

  @Test("other languages' operators and misplaced words are explained", arguments: errors)
  func explained(_ test: DiagnosticCase) {
    #expect(renderedParseError(test.source) == test.expected)
  }
}
