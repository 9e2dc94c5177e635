import CircleRender
import Foundation

/// How ``GoldenChecker`` checks the frames of a script.
public struct CheckOptions: Sendable {
  /// The folder of goldens; `nil` means `__snapshots__/<script name without .circles>/` beside
  /// the script.
  public var goldenDirectory: URL?
  /// Which goldens may be written; ``RecordMode/none`` (the default) writes none.
  public var record: RecordMode
  /// Whether goldens without a frame (orphans) are deleted.
  public var prune: Bool
  /// Whether orphan goldens make the script fail (by default they are only reported).
  public var failsOnOrphans: Bool
  /// How images are compared; exact by default.
  public var comparison: ComparisonOptions
  /// Where actual, diff and strip images of failures go, in a subfolder per script.
  public var artifactsDirectory: URL
  /// The renderer's identity stored in new goldens and compared with theirs.
  public var renderer: String

  /// Creates options; the defaults compare exactly, write no golden and put artifacts in
  /// `.circles-artifacts/` in the current folder.
  public init(
    goldenDirectory: URL? = nil, record: RecordMode = .none, prune: Bool = false,
    failsOnOrphans: Bool = false, comparison: ComparisonOptions = .exact,
    artifactsDirectory: URL? = nil, renderer: String = CheckOptions.currentRenderer
  ) {
    self.goldenDirectory = goldenDirectory
    self.record = record
    self.prune = prune
    self.failsOnOrphans = failsOnOrphans
    self.comparison = comparison
    self.artifactsDirectory =
      artifactsDirectory ?? URL(fileURLWithPath: ".circles-artifacts", isDirectory: true)
    self.renderer = renderer
  }

  /// The renderer of this process: `cairo ` and the loaded Cairo's version.
  public static var currentRenderer: String { "cairo \(cairoVersionString)" }

  /// The default golden folder of a script: `__snapshots__/<name without extension>/` beside it.
  public static func defaultGoldenDirectory(forScript script: URL) -> URL {
    script.deletingLastPathComponent()
      .appendingPathComponent("__snapshots__", isDirectory: true)
      .appendingPathComponent(script.deletingPathExtension().lastPathComponent, isDirectory: true)
  }

  /// The golden folder for a script under these options.
  public func goldenDirectory(forScript script: URL) -> URL {
    goldenDirectory ?? Self.defaultGoldenDirectory(forScript: script)
  }
}
