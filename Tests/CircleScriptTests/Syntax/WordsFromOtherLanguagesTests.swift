import Testing

@testable import CircleScript

/// Lines that start with another language's word get circles' way of writing it, and property
/// words name variables (docs/language.md, "Variables, expressions and loops").
@Suite("Words of other languages and property words as names")
struct WordsFromOtherLanguagesTests {
  typealias Case = DiagnosticCase

  static let foreign: [Case] = [
    Case(
      source: "for i in 1...3 {\n  add at 1,1 r 1\n}",
      expected: """
        scene.circles:1:1: error: unknown command 'for'; circles loops with 'repeat 3 as i { … }', \
        i counting from 0
        for i in 1...3 {
        ^~~

        """),
    Case(
      source: "for k in 0..<5 {",
      expected: """
        scene.circles:1:1: error: unknown command 'for'; circles loops with 'repeat 5 as k { … }', \
        k counting from 0
        for k in 0..<5 {
        ^~~

        """),
    Case(
      source: "for x in items {",
      expected: """
        scene.circles:1:1: error: unknown command 'for'; circles loops with \
        'repeat <count> as <name> { … }', the name counting from 0
        for x in items {
        ^~~

        """),
    Case(
      source: "while true {",
      expected: """
        scene.circles:1:1: error: unknown command 'while'; circles loops with \
        'repeat <count> { … }', or with a procedure that calls itself while an 'if' says so
        while true {
        ^~~~~

        """),
    Case(
      source: "elif x > 2 {",
      expected: """
        scene.circles:1:1: error: unknown command 'elif'; write '} else if <condition> {' on the \
        line of the '}' that ends the 'if'
        elif x > 2 {
        ^~~~

        """),
    Case(
      source: "else {",
      expected: """
        scene.circles:1:1: error: unknown command 'else'; 'else' goes on the line of the '}' that \
        ends the 'if': '} else {'
        else {
        ^~~~

        """),
    Case(
      source: "function ring() {",
      expected: """
        scene.circles:1:1: error: unknown command 'function'; circles defines a procedure with \
        'def <name>(<parameter>, …) { … }'
        function ring() {
        ^~~~~~~~

        """),
    Case(
      source: "to ring :size",
      expected: """
        scene.circles:1:1: error: unknown command 'to'; circles defines a procedure with \
        'def <name>(<parameter>, …) { … }'
        to ring :size
        ^~

        """),
    Case(
      source: "fn ring() {",
      expected: """
        scene.circles:1:1: error: unknown command 'fn'; circles defines a procedure with \
        'def <name>(<parameter>, …) { … }'
        fn ring() {
        ^~

        """),
    Case(
      source: "elsif x > 2 {",
      expected: """
        scene.circles:1:1: error: unknown command 'elsif'; write '} else if <condition> {' on the \
        line of the '}' that ends the 'if'
        elsif x > 2 {
        ^~~~~

        """),
    Case(
      source: "var r = 3",
      expected: """
        scene.circles:1:1: error: unknown command 'var'; circles names a number with \
        'let <name> = <expression>'
        var r = 3
        ^~~

        """),
    Case(
      source: "const r = 3",
      expected: """
        scene.circles:1:1: error: unknown command 'const'; circles names a number with \
        'let <name> = <expression>'
        const r = 3
        ^~~~~

        """),
    // A near-miss of a command is still suggested as one.
    Case(
      source: "fron a",
      expected: """
        scene.circles:1:1: error: unknown command 'fron'; did you mean 'front'?
        fron a
        ^~~~

        """),
  ]

  @Test("another language's first word gets circles' way of writing it", arguments: foreign)
  func foreignWords(_ test: Case) {
    #expect(renderedParseError(test.source) == test.expected)
  }

  /// Every property word and keyword but `as`, which with `and`, `or`, `not`, `if`, `else`,
  /// `def` and `return` names nothing (`LogicTests`).
  static let names = [
    "radius", "r", "width", "fill", "stroke", "opacity", "at", "to", "by", "background",
    "scale", "count", "pixel", "within", "none", "transparent",
  ]

  @Test("every property word and keyword names a variable", arguments: names)
  func propertyWordsAreNames(_ name: String) throws {
    let outcome = run(
      """
      let \(name) = 7
      add a at \(name),\(name) radius \(name) width \(name)
      expect count 1
      repeat 2 as \(name) {
        move a by \(name),0
      }
      """)
    #expect(outcome.failure == nil, "\(outcome.rendered ?? "")")
    let frame = try #require(outcome.host.frames.last)
    let circle = try #require(frame.state.circles.first)
    #expect(circle.center.x == 7 + 0 + 1)
    #expect(circle.radius == 7)
    #expect(circle.strokeWidth == 7)
  }

  @Test("a property word not bound yet is still the keyword it is in a number position")
  func unboundKeyword() {
    #expect(
      renderedParseError("add a at 1,1 radius fill red") == """
        scene.circles:1:21: error: expected a number after 'radius', found 'fill'
        add a at 1,1 radius fill red
                            ^~~~

        """)
  }

  @Test(
    "commands, functions and pi still cannot name a variable",
    arguments: [
      ("add", "a command"), ("repeat", "a command"), ("sin", "a function"), ("rgb", "a function"),
      ("pi", "a constant"),
    ])
  func reservedNames(_ name: String, kind: String) {
    let caret = String(repeating: "~", count: name.count - 1)
    #expect(
      renderedParseError("let \(name) = 3") == """
        scene.circles:1:5: error: '\(name)' is \(kind) and cannot name a variable
        let \(name) = 3
            ^\(caret)

        """)
  }
}
