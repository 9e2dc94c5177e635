import CirclesTestSupport
import Testing

@testable import CircleScript

/// Plain numbers are read without a string conversion where that gives the same double; these
/// tests hold the reading to the conversion on both sides of where it is used.
@Suite("Reading plain numbers")
struct NumberReadingTests {
  /// What the conversion of the whole text gives, with the limits `decimal` applies.
  static func converted(_ text: String) -> Double? {
    guard let value = Double(text), value.isFinite, abs(value) <= LineParser.numberLimit else {
      return nil
    }
    return value
  }

  static func expectSame(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
  {
    switch LineParser.decimal(text[...]) {
    case .value(let value):
      let expected = Self.converted(text)
      #expect(expected?.bitPattern == value.bitPattern, "\(text)", sourceLocation: sourceLocation)
    case .tooLarge:
      #expect(Self.converted(text) == nil, "\(text)", sourceLocation: sourceLocation)
    case .malformed:
      Issue.record("\(text) read as malformed", sourceLocation: sourceLocation)
    }
  }

  @Test("signs, zeros and the shortest forms read as the conversion reads them")
  func edges() {
    for text in [
      "0", "-0", "0.0", "-0.0", ".5", "-.5", "007", "1000000", "-1000000", "1000000.0",
      "1000000.000000000001", "1000001", "-1000000.5", "0.1", "0.2", "0.3", "2.675", "1.005",
      "999999.999999999", "999999.9999999999", "123456789012345", "1234567890123456",
      "0.000000000000001", "0.0000000000000001", ".123456789012345", ".1234567890123456",
    ] {
      Self.expectSame(text)
    }
  }

  @Test("random decimals of 1 to 18 digits read as the conversion reads them")
  func randomDecimals() {
    var generator = SeededGenerator(seed: 5_318)
    for _ in 0..<20_000 {
      let wholeDigits = Int.random(in: 0...7, using: &generator)
      let fractionDigits = Int.random(in: 0...11, using: &generator)
      guard wholeDigits + fractionDigits > 0 else { continue }
      let digit = { (generator: inout SeededGenerator) in
        String(Int.random(in: 0...9, using: &generator))
      }
      var text = Bool.random(using: &generator) ? "-" : ""
      for _ in 0..<wholeDigits { text += digit(&generator) }
      if fractionDigits > 0 {
        text += "."
        for _ in 0..<fractionDigits { text += digit(&generator) }
      }
      Self.expectSame(text)
    }
  }

  @Test("what is not a plain decimal stays malformed")
  func malformed() {
    for text in ["", "-", ".", "-.", "1.", "1e3", "+1", "1,5", "--1", "1.2.3", "0x10", "١٢"] {
      guard case .malformed = LineParser.decimal(text[...]) else {
        Issue.record("\(text) was read as a number")
        continue
      }
    }
  }
}
