import CircleCanvas
import Testing

@testable import CircleScript

/// `rgb()` and `hsl()` as CSS defines them, each channel rounded half away from zero.
@Suite("Colour functions")
struct ColourFunctionTests {
  static func colour(_ written: String, after setup: String = "") -> Colour? {
    let outcome = run(setup + "\nadd a at 1,1 r 1 fill \(written)")
    return outcome.interpreter?.canvas.circle(withID: "a")?.fill
  }

  static let cases: [(String, [UInt8])] = [
    ("rgb(255, 0, 0)", [255, 0, 0, 255]), ("rgb(0,128,255)", [0, 128, 255, 255]),
    ("RGB(1, 2, 3)", [1, 2, 3, 255]),
    // Channels round half away from zero.
    ("rgb(10.5, 20.4, 0.49)", [11, 20, 0, 255]),
    // Alpha 0…1 becomes 0…255.
    ("rgb(0, 0, 255, 0.5)", [0, 0, 255, 128]), ("rgb(0, 0, 0, 0)", [0, 0, 0, 0]),
    ("rgb(9, 9, 9, 1)", [9, 9, 9, 255]), ("rgb(9, 9, 9, 0.25)", [9, 9, 9, 64]),
    // hsl with and without percent signs.
    ("hsl(0, 100%, 50%)", [255, 0, 0, 255]), ("hsl(120, 100, 50)", [0, 255, 0, 255]),
    ("hsl(240, 100%, 50%)", [0, 0, 255, 255]), ("hsl(60, 100%, 25%)", [128, 128, 0, 255]),
    ("hsl(0, 0%, 50%)", [128, 128, 128, 255]), ("hsl(200, 50%, 100%)", [255, 255, 255, 255]),
    ("hsl(30, 100%, 50%, 0.25)", [255, 128, 0, 64]),
    // The hue wraps around: any value, modulo 360.
    ("hsl(360, 100%, 50%)", [255, 0, 0, 255]), ("hsl(-120, 100%, 50%)", [0, 0, 255, 255]),
    ("hsl(480, 100%, 50%)", [0, 255, 0, 255]), ("hsl(-720, 100%, 50%)", [255, 0, 0, 255]),
    ("hsl(-1, 100%, 50%)", [255, 0, 4, 255]),
    // Arguments are expressions.
    ("rgb(i * 40, 0, 255 - i * 40)", [120, 0, 135, 255]),
    ("hsl(i * 120, 100%, 50%)", [255, 0, 0, 255]),
    ("hsl((i * 30), (i * 10)%, 50%)", [128, 166, 89, 255]),
  ]

  @Test("rgb and hsl colours, alpha, rounding and hue wrap-around", arguments: cases)
  func colours(written: String, rgba: [UInt8]) {
    let found = Self.colour(written, after: "let i = 3")
    #expect(found == Colour(red: rgba[0], green: rgba[1], blue: rgba[2], alpha: rgba[3]))
  }

  @Test("colours of numbers are made when the script is parsed; others when they are used")
  func constantColours() throws {
    let script = try Parser.parse(
      "add a at 1,1 r 1 fill rgb(1, 2, 3) stroke hsl(i, 50%, 50%)", fileName: "c")
    guard case .add(_, let properties) = script.statements[0].command else {
      Issue.record("not an add")
      return
    }
    #expect(properties.fill?.constant == Colour(red: 1, green: 2, blue: 3))
    #expect(properties.stroke?.constant == nil)
  }
}
