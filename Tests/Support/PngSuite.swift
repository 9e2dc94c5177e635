import Foundation

/// PngSuite, the standard PNG test images, in `Tests/Fixtures/PngSuite/` (see its README).
public enum PngSuite {
  /// The folder of the images.
  public static let folder = repositoryRoot.appendingPathComponent("Tests/Fixtures/PngSuite")

  /// The names of the PNG files, sorted.
  public static var names: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
      .filter { $0.hasSuffix(".png") }.sorted()
  }

  /// The corrupt files (named `x…`): each must be refused.
  public static var corrupt: [String] { names.filter { $0.hasPrefix("x") } }

  /// The valid files.
  public static var valid: [String] { names.filter { !$0.hasPrefix("x") } }

  /// A file's bytes.
  public static func data(_ name: String) throws -> Data {
    try Data(contentsOf: folder.appendingPathComponent(name))
  }
}
