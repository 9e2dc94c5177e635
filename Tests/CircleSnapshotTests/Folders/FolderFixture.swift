import CircleCanvas
import CircleRender
import CircleSnapshot
import Foundation

/// Two folders of images to compare, and an artifacts folder, in a temporary folder.
struct FolderFixture {
  let root: URL
  var expected: URL { root.appendingPathComponent("expected", isDirectory: true) }
  var actual: URL { root.appendingPathComponent("actual", isDirectory: true) }
  var artifacts: URL { root.appendingPathComponent("artifacts", isDirectory: true) }

  init(root: URL) throws {
    self.root = root
    for folder in [expected, actual] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
  }

  /// Writes bytes at a path below a folder, making the folders on the way.
  func write(_ data: Data, _ path: String, in folder: URL) throws {
    let url = folder.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: url)
  }

  func write(_ image: PixelImage, _ path: String, in folder: URL) throws {
    try write(try PNGCodec.encode(image), path, in: folder)
  }

  func bytes(_ path: String, in folder: URL) -> Data? {
    try? Data(contentsOf: folder.appendingPathComponent(path))
  }

  func compare(
    options: ComparisonOptions = .exact, shard: FolderComparison.Shard? = nil,
    update: Bool = false, prune: Bool = false, budget: PixelBudget = .decoding
  ) -> CheckResult {
    FolderComparison(
      expected: expected, actual: actual, options: options, artifactsDirectory: artifacts,
      shard: shard, update: update, prune: prune, budget: budget
    ).run()
  }
}
