import Testing

@testable import CircleRender

@Suite("Paeth predictor")
struct PaethPredictorTests {
  /// The PNG specification's predictor, written as it states it.
  static func specified(_ a: Int32, _ b: Int32, _ c: Int32) -> Int32 {
    let p = a + b - c
    let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
    if pa <= pb && pa <= pc { return a }
    return pb <= pc ? b : c
  }

  @Test("the predictor is the specification's, for every third value of a and b, every c")
  func matchesSpecification() {
    var mismatches = 0
    for a in stride(from: Int32(0), through: 255, by: 3) {
      for b in stride(from: Int32(0), through: 255, by: 3) {
        for c in Int32(0)...255 {
          let expected = Self.specified(a, b, c)
          if RowReconstruction.predict(a, b, c) != expected { mismatches += 1 }
        }
      }
    }
    #expect(mismatches == 0)
  }
}
