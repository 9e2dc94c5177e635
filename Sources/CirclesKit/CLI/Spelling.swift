/// Suggestions for misspelt words.
enum Spelling {
  /// The candidate nearest to `word` by edit distance, if it is near enough to be a likely typo.
  static func closest(to word: String, in candidates: [String]) -> String? {
    let scored = candidates.map { ($0, distance(word, $0)) }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
    return best.1 <= max(1, word.count / 3) ? best.0 : nil
  }

  /// Edit distance between two strings by characters, a swap of neighbours counting as one edit.
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    // rows[i][j]: the distance between the first i characters of a and the first j of b.
    var rows = [[Int]](repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { rows[i][0] = i }
    for j in 0...b.count { rows[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
        }
      }
    }
    return rows[a.count][b.count]
  }
}
