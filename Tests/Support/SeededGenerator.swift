/// A small deterministic random number generator (SplitMix64), so that every randomized test
/// sees the same inputs on every machine and a failure names the seed that reproduces it.
public struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  /// Creates the generator for a seed; equal seeds give equal sequences.
  public init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// True with the given probability.
  public mutating func chance(_ probability: Double) -> Bool {
    Double.random(in: 0..<1, using: &self) < probability
  }

  /// One element of a non-empty collection.
  public mutating func pick<C: Collection>(_ items: C) -> C.Element {
    items.randomElement(using: &self)!
  }
}
