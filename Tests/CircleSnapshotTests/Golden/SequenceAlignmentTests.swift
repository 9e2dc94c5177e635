import CirclesTestSupport
import Testing

@testable import CircleSnapshot

@Suite("Sequence alignment")
struct SequenceAlignmentTests {
  /// The length of a longest common subsequence, by the quadratic table: the oracle.
  static func lcsLength(_ a: [Int], _ b: [Int]) -> Int {
    guard !a.isEmpty, !b.isEmpty else { return 0 }
    var previous = [Int](repeating: 0, count: b.count + 1)
    for x in a {
      var row = [0]
      for (j, y) in b.enumerated() {
        row.append(x == y ? previous[j] + 1 : max(previous[j + 1], row[j]))
      }
      previous = row
    }
    return previous[b.count]
  }

  /// Checks that the matches are a common subsequence, increasing in both, of the longest length.
  static func expectLongest(
    _ a: [Int], _ b: [Int], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let matches = SequenceAlignment.matches(a, b)
    #expect(matches.allSatisfy { a[$0.0] == b[$0.1] }, sourceLocation: sourceLocation)
    #expect(
      zip(matches, matches.dropFirst()).allSatisfy { $0.0 < $1.0 && $0.1 < $1.1 },
      sourceLocation: sourceLocation)
    #expect(matches.count == lcsLength(a, b), "\(a) \(b)", sourceLocation: sourceLocation)
  }

  @Test(
    "small cases give a longest common subsequence",
    arguments: [
      ([], []), ([1], []), ([], [1]), ([1, 2, 3], [1, 2, 3]), ([1, 2, 3], [1, 9, 2, 3]),
      ([1, 2, 3], [1, 3]), ([1, 2], [2, 1]), ([1, 1, 1], [1, 1]), ([4, 5, 6], [7, 8, 9]),
      ([1, 2, 3, 4, 5], [5, 4, 3, 2, 1]), ([1, 2, 1, 2, 1], [2, 1, 2]),
    ])
  func small(a: [Int], b: [Int]) {
    Self.expectLongest(a, b)
  }

  @Test(
    "random sequences of few symbols give a longest common subsequence", .timeLimit(.minutes(5)))
  func random() {
    var generator = SeededGenerator(seed: 42)
    for _ in 0..<400 {
      let symbols = Int.random(in: 1...4, using: &generator)
      let a = (0..<Int.random(in: 0...30, using: &generator)).map { _ in
        Int.random(in: 0..<symbols, using: &generator)
      }
      var b = a
      for _ in 0..<Int.random(in: 0...8, using: &generator) {
        if !b.isEmpty, Bool.random(using: &generator) {
          b.remove(at: Int.random(in: 0..<b.count, using: &generator))
        } else {
          b.insert(
            Int.random(in: 0..<symbols, using: &generator),
            at: Int.random(in: 0...b.count, using: &generator))
        }
      }
      Self.expectLongest(a, b)
    }
  }

  @Test("one inserted element among 5000 matches every other, in one pass")
  func longHistory() {
    let a = Array(0..<5000)
    var b = a
    b.insert(-1, at: 1)
    let matches = SequenceAlignment.matches(a, b)
    #expect(matches.count == 5000)
    #expect(matches[1] == (1, 2))
  }
}
