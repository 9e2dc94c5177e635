/// Finds the likely intended word for a misspelt one (`circel` → `clear`).
package enum Suggestion {
  /// The candidate closest to `word`, if any is close enough to be worth suggesting.
  ///
  /// Case is ignored. A candidate qualifies when its edit distance (insertions, deletions,
  /// substitutions and swaps of neighbours) is at most a third of its length (at least 1),
  /// or when the two words share most of their letters regardless of order. Among those, the
  /// smallest distance wins, then the most shared letters, then the first listed.
  ///
  /// - Returns: the suggestion, or `nil` when nothing is close.
  package static func closest(to word: String, among candidates: [String]) -> String? {
    let typed = Array(word.lowercased().unicodeScalars)
    guard !typed.isEmpty, typed.count <= 64 else { return nil }
    var best: (distance: Int, overlap: Double, name: String)?
    for candidate in candidates {
      let target = Array(candidate.lowercased().unicodeScalars)
      let distance = editDistance(typed, target)
      let overlap = letterOverlap(typed, target)
      guard distance <= max(1, target.count / 3) || overlap >= 0.7 else { continue }
      if let current = best,
        (current.distance, -current.overlap) <= (distance, -overlap)
      {
        continue
      }
      best = (distance, overlap, candidate)
    }
    return best?.name
  }

  /// `"; did you mean 'x'?"` for the closest candidate, or an empty string.
  static func didYouMean(_ word: String, among candidates: [String]) -> String {
    guard let match = closest(to: word, among: candidates) else { return "" }
    return "; did you mean '\(match)'?"
  }

  /// The optimal string alignment distance between two scalar sequences.
  static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var before = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, before[j - 2] + 1)
        }
        current[j] = value
      }
      (before, previous, current) = (previous, current, before)
    }
    return previous[b.count]
  }

  /// Twice the number of letters the words share (as multisets) over their total length.
  static func letterOverlap(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Double {
    var counts: [Unicode.Scalar: Int] = [:]
    for scalar in a { counts[scalar, default: 0] += 1 }
    var shared = 0
    for scalar in b where counts[scalar, default: 0] > 0 {
      counts[scalar, default: 0] -= 1
      shared += 1
    }
    return Double(2 * shared) / Double(a.count + b.count)
  }
}
