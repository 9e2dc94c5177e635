/// The random number generator behind `random(a, b)`: SplitMix64, as docs/language.md, "Variables, expressions and loops" fixes it.
///
/// The state starts at the seed. Each value adds 0x9E3779B97F4A7C15 to the state, then mixes
/// a copy of it: `z ^= z >> 30; z *= 0xBF58476D1CE4E5B9; z ^= z >> 27; z *= 0x94D049BB133111EB;
/// z ^= z >> 31`, all in wrapping 64-bit arithmetic. The same seed gives the same values on
/// every machine.
package struct SplitMix64: Hashable, Sendable, RandomNumberGenerator {
  /// The generator's whole state: the seed plus the increment once per value drawn.
  package var state: UInt64

  /// Creates a generator whose state starts at `seed`.
  package init(seed: UInt64) {
    state = seed
  }

  /// The next 64-bit value.
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// The next value in 0..<1: the top 53 bits of `next()` divided by 2^53.
  package mutating func nextUnit() -> Double {
    Double(next() >> 11) * 0x1p-53
  }
}
