/// The longest common subsequence of two sequences, as a diff finds it: Myers's O((N+M)·D)
/// algorithm in its linear-space form, which splits the problem at the middle of an optimal
/// path and solves both halves.
///
/// Time grows with the lengths times the number of differences `D`, memory with the lengths
/// alone: two histories of 5000 frames that differ by one inserted step align in one pass.
enum SequenceAlignment {
  /// The pairs `(i, j)` with `a[i] == b[j]` of one longest common subsequence, in increasing
  /// order of both.
  static func matches(_ a: [Int], _ b: [Int]) -> [(Int, Int)] {
    var pairs: [(Int, Int)] = []
    var work = Workspace(capacity: a.count + b.count)
    a.withUnsafeBufferPointer { a in
      b.withUnsafeBufferPointer { b in
        solve(a, 0..<a.count, b, 0..<b.count, into: &pairs, &work)
      }
    }
    return pairs
  }

  /// The furthest-reaching x of each diagonal, forwards and backwards.
  private struct Workspace {
    var forward: [Int]
    var backward: [Int]
    init(capacity: Int) {
      forward = [Int](repeating: 0, count: 2 * capacity + 4)
      backward = [Int](repeating: 0, count: 2 * capacity + 4)
    }
  }

  private static func solve(
    _ a: UnsafeBufferPointer<Int>, _ aRange: Range<Int>, _ b: UnsafeBufferPointer<Int>,
    _ bRange: Range<Int>, into pairs: inout [(Int, Int)], _ work: inout Workspace
  ) {
    var aLow = aRange.lowerBound
    var bLow = bRange.lowerBound
    var aHigh = aRange.upperBound
    var bHigh = bRange.upperBound
    // Common prefix and suffix: matches whatever else happens.
    while aLow < aHigh, bLow < bHigh, a[aLow] == b[bLow] {
      pairs.append((aLow, bLow))
      aLow += 1
      bLow += 1
    }
    var suffix: [(Int, Int)] = []
    while aLow < aHigh, bLow < bHigh, a[aHigh - 1] == b[bHigh - 1] {
      aHigh -= 1
      bHigh -= 1
      suffix.append((aHigh, bHigh))
    }
    if aLow < aHigh, bLow < bHigh {
      let snake = middleSnake(a, aLow, aHigh, b, bLow, bHigh, &work)
      solve(a, aLow..<snake.x, b, bLow..<snake.y, into: &pairs, &work)
      for step in 0..<(snake.u - snake.x) {
        pairs.append((snake.x + step, snake.y + step))
      }
      solve(a, snake.u..<aHigh, b, snake.v..<bHigh, into: &pairs, &work)
    }
    pairs.append(contentsOf: suffix.reversed())
  }

  /// A snake (a run of matches, maybe empty) from `(x, y)` to `(u, v)` on an optimal path from
  /// the top left of the two ranges to their bottom right, met by searching from both ends.
  private static func middleSnake(
    _ a: UnsafeBufferPointer<Int>, _ aLow: Int, _ aHigh: Int, _ b: UnsafeBufferPointer<Int>,
    _ bLow: Int, _ bHigh: Int, _ work: inout Workspace
  ) -> (x: Int, y: Int, u: Int, v: Int) {
    let n = aHigh - aLow
    let m = bHigh - bLow
    let delta = n - m
    let odd = delta & 1 != 0
    let limit = (n + m + 1) / 2
    let offset = limit + 1
    work.forward[offset + 1] = 0
    work.backward[offset + 1] = 0
    for d in 0...limit {
      for k in stride(from: -d, through: d, by: 2) {
        var x =
          k == -d || (k != d && work.forward[offset + k - 1] < work.forward[offset + k + 1])
          ? work.forward[offset + k + 1] : work.forward[offset + k - 1] + 1
        var y = x - k
        let startX = x
        let startY = y
        while x < n, y < m, a[aLow + x] == b[bLow + y] {
          x += 1
          y += 1
        }
        work.forward[offset + k] = x
        let c = delta - k
        if odd, c >= -(d - 1), c <= d - 1, x + work.backward[offset + c] >= n {
          return (aLow + startX, bLow + startY, aLow + x, bLow + y)
        }
      }
      for c in stride(from: -d, through: d, by: 2) {
        var x =
          c == -d || (c != d && work.backward[offset + c - 1] < work.backward[offset + c + 1])
          ? work.backward[offset + c + 1] : work.backward[offset + c - 1] + 1
        var y = x - c
        let startX = x
        let startY = y
        while x < n, y < m, a[aHigh - 1 - x] == b[bHigh - 1 - y] {
          x += 1
          y += 1
        }
        work.backward[offset + c] = x
        let k = delta - c
        if !odd, k >= -d, k <= d, x + work.forward[offset + k] >= n {
          return (aHigh - x, bHigh - y, aHigh - startX, bHigh - startY)
        }
      }
    }
    // Unreachable: the two searches always meet by d = ⌈(n + m) / 2⌉.
    return (aLow, bLow, aLow, bLow)
  }
}
