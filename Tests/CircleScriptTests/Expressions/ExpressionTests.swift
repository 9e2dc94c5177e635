import CircleCanvas
import Testing

@testable import CircleScript

/// Expressions evaluated by running `let v = <expression>`.
@Suite("Expressions")
struct ExpressionTests {
  /// The value `let v = <expression>` gives, after the lines of `setup`.
  static func value(of expression: String, after setup: String = "") -> Double? {
    let outcome = run(setup + "\nlet v = " + expression)
    return outcome.interpreter?.variables["v"]
  }

  static let exact: [(String, Double)] = [
    // Precedence and associativity: unary minus, then * / %, then + -, left to right.
    ("1 + 2 * 3", 7), ("(1 + 2) * 3", 9), ("10 - 4 - 3", 3), ("100 / 10 / 5", 2),
    ("2 * 3 % 4", 2), ("2 + 3 % 2 * 5", 7), ("8 - 2 + 1", 7), ("1 + 2 - 3 * 4 / 6", 1),
    ("((((1))))", 1), ("2*3+4", 10),
    // Unary minus.
    ("-2 * 3", -6), ("-(2 + 3)", -5), ("2 - -3", 5), ("- - 4", 4), ("-2 * -3", 6),
    ("-3 % 2", -1), ("- (1 - 4) * 2", 6),
    // % is C's fmod: the sign of the dividend.
    ("7 % 3", 1), ("-7 % 3", -1), ("7 % -3", 1), ("-7 % -3", -1), ("5.5 % 2", 1.5),
    ("0 % 5", 0), ("-0.5 % 1", -0.5),
    // Rounding: round is half away from zero.
    ("round(2.5)", 3), ("round(-2.5)", -3), ("round(-2.4)", -2), ("round(0.5)", 1),
    ("round(-0.5)", -1), ("floor(-2.5)", -3), ("ceil(-2.5)", -2), ("floor(2.9)", 2),
    ("ceil(2.1)", 3),
    // The other functions, nested calls.
    ("abs(-4)", 4), ("abs(4)", 4), ("sqrt(16)", 4), ("sqrt(0)", 0), ("min(3, -1)", -1),
    ("max(3, -1)", 3), ("max(min(5, sqrt(81)), abs(-2))", 5), ("round(sqrt(abs(-16)) * 2.5)", 10),
    ("min(max(1, 2), max(3, min(4, 5)))", 2), ("abs(min(-3, -4) * 2)", 8),
    // Degrees; whole multiples of 90° are exact.
    ("sin(90)", 1), ("cos(180)", -1), ("sin(-90)", -1), ("cos(360 * 3)", 1), ("sin(0)", 0),
    ("sin(180)", 0), ("cos(90)", 0), ("cos(-270)", 0), ("sin(450)", 1),
    // Constants and the edges of the range.
    ("pi", .pi), ("2 * pi", 2 * .pi), ("1000000", 1_000_000), ("-1000000", -1_000_000),
    ("1000000 * 1000000 / 1000000", 1_000_000), (".5 + .25", 0.75),
  ]

  @Test("operators, precedence, unary minus, % of negatives and every function", arguments: exact)
  func exactValues(expression: String, expected: Double) {
    #expect(Self.value(of: expression) == expected)
  }

  @Test(
    "sin and cos take degrees",
    arguments: [("sin(30)", 0.5), ("cos(60)", 0.5), ("sin(45) * sin(45)", 0.5), ("cos(120)", -0.5)])
  func degrees(expression: String, expected: Double) throws {
    let value = try #require(Self.value(of: expression))
    #expect(abs(value - expected) < 1e-12)
  }

  @Test("variables: let, rebinding from the old value, and a loop's last value")
  func variables() throws {
    let outcome = run(
      """
      let r = 3
      let r = r * 2 + 1
      let area = round(pi * r * r)
      repeat 5 as i {
        let last = i
      }
      let after = i
      repeat 0 as unused {
      }
      let x_2 = r - 7
      """)
    #expect(outcome.failure == nil)
    let variables = try #require(outcome.interpreter?.variables)
    #expect(variables == ["r": 7, "area": 154, "i": 4, "last": 4, "after": 4, "x_2": 0])
  }

  @Test("number positions take numbers, variables, calls and parenthesised expressions")
  func numberPositions() throws {
    let outcome = run(
      """
      let s = 2
      canvas 100x80 scale s background rgb(0, 0, 255)
      let cx = 50
      add a at (cx + 10),(cx / 2) radius sqrt(16) width (s * 1.5) opacity (1 / 4)
      add b at cx,cx r s
      move b by (-s),(0 - s)
      set b r (s * 3) at (cx - 1),1
      expect count (s)
      limit (s * 10)
      """)
    #expect(outcome.failure == nil, "\(String(describing: outcome.rendered))")
    let canvas = try #require(outcome.interpreter?.canvas)
    #expect(canvas.state.scale == 2)
    #expect(canvas.state.background == Colour(red: 0, green: 0, blue: 255))
    let a = try #require(canvas.circle(withID: "a"))
    #expect(a.center == Point(x: 60, y: 25))
    #expect((a.radius, a.strokeWidth, a.opacity) == (4, 3, 0.25))
    let b = try #require(canvas.circle(withID: "b"))
    #expect((b.center, b.radius) == (Point(x: 49, y: 1), 6))
    #expect(canvas.undoManager.levelsOfUndo == 20)
  }

  @Test("commas inside a point's parentheses belong to the calls")
  func pointsWithCalls() throws {
    let outcome = run("add a at (min(3, 4) + max(1, 2)),(max(0, min(8, 9))) r 1")
    #expect(outcome.interpreter?.canvas.circle(withID: "a")?.center == Point(x: 5, y: 8))
  }

  @Test("an expression is compiled once: the same statement runs with each new value")
  func compiledOnce() throws {
    let script = try Parser.parse(
      "add a at 0,0 r 1\nrepeat 4 as i {\n  move a by (i * i),(0 - i)\n}", fileName: "once")
    guard case .repeat(_, _, let body) = script.statements[1].command,
      case .move(_, _, let point) = body[0].command,
      case .computed(let x) = point.x.form
    else {
      Issue.record("not a compiled point")
      return
    }
    #expect(x.code.count == 3)
    let host = RecordingHost()
    try Interpreter(host: host).run(script)
    #expect(host.frames.last?.state.circles.first?.center == Point(x: 14, y: -6))
  }
}
