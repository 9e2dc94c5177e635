@testable import CircleEngine

extension FrameEngine {
  /// How many files were made from bytes encoded for an earlier state.
  var reusedFiles: Int { cache.hits }
}
