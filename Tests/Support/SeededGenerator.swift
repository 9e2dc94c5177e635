import CircleScript

/// A small deterministic random number generator (the language's own SplitMix64), so that
/// every randomized test sees the same inputs on every machine and a failure names the seed
/// that reproduces it.
public struct SeededGenerator: RandomNumberGenerator {
  private var generator: SplitMix64

  /// Creates the generator for a seed; equal seeds give equal sequences.
  public init(seed: UInt64) {
    generator = SplitMix64(seed: seed)
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    generator.next()
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
