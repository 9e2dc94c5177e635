import Foundation

/// The outcome of checking every frame of one script against its goldens.
public struct ScriptResult: Hashable, Sendable, Codable {
  /// The script checked.
  public var script: URL
  /// The folder of its goldens.
  public var goldenDirectory: URL
  /// Every frame in order, then orphan or pruned goldens by name.
  public var frames: [FrameResult]
  /// Whether orphans count as failures (copied from the options).
  public var failsOnOrphans: Bool

  /// Creates a result.
  public init(script: URL, goldenDirectory: URL, frames: [FrameResult], failsOnOrphans: Bool) {
    self.script = script
    self.goldenDirectory = goldenDirectory
    self.frames = frames
    self.failsOnOrphans = failsOnOrphans
  }

  /// Whether the script passes: no frame failed or is missing (nor an orphan, when those fail).
  public var passed: Bool { failures.isEmpty }

  /// The frames that make the script fail.
  public var failures: [FrameResult] {
    frames.filter { $0.status.isFailure || (failsOnOrphans && $0.status == .orphan) }
  }

  /// The first frame, in script order, that differs from its golden or has none.
  public var firstDivergingFrame: FrameResult? { frames.first { $0.diverges } }

  /// How many frames have each status.
  public func count(_ status: FrameStatus) -> Int { frames.count { $0.status == status } }

  /// The script's path as people typed it (relative to the current folder when it is below it).
  public var displayPath: String { DisplayPath.of(script) }

  /// The command that records the goldens this check lacked: `circles check <script> --record
  /// failed` for goldens that differ, `--record missing` for missing ones, `--record` for both.
  public var rerecordCommand: String {
    let missing = frames.contains { $0.status == .missing }
    let failed = frames.contains { $0.status == .failed }
    let mode = missing && failed ? "--record" : missing ? "--record missing" : "--record failed"
    return "circles check \(DisplayPath.shellQuoted(displayPath)) \(mode)"
  }
}

/// Paths shown to people.
enum DisplayPath {
  /// The path relative to the current folder when the file is below it, else absolute.
  static func of(_ url: URL) -> String {
    let path = url.standardizedFileURL.path
    let current = FileManager.default.currentDirectoryPath
    let prefix = current.hasSuffix("/") ? current : current + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }

  /// The path quoted for a POSIX shell when it holds anything but safe characters.
  static func shellQuoted(_ path: String) -> String {
    let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./+,:@")
    if !path.isEmpty, path.allSatisfy(safe.contains) { return path }
    return "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
