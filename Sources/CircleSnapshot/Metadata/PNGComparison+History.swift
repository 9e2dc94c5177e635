import Foundation

extension PNGComparison {
  /// Fills in the semantic diff from the scene histories beside the files' folders, when a file
  /// keeps its scene there rather than in its own text chunks (a golden recorded by
  /// `circles check`, `__snapshots__/sun/0002-add-hill.png` with `__snapshots__/sun.history`).
  ///
  /// - Parameters:
  ///   - expected: the expected file's bytes, and where it is.
  ///   - actual: the actual file's bytes, and where it is.
  package mutating func explainFromHistories(
    expected: (data: Data, file: URL), actual: (data: Data, file: URL)
  ) {
    guard sceneDiff == nil,
      let before = try? GoldenMetadata(png: expected.data, file: expected.file).scene,
      let after = try? GoldenMetadata(png: actual.data, file: actual.file).scene
    else { return }
    sceneDiff = SceneDiff.lines(from: before, to: after)
  }
}
