import CircleEngine
import CircleSnapshot
import CirclesTestSupport
import Foundation
import Testing

/// A folder holding `scene.circles` and its goldens, checked in process through
/// `GoldenSuite` as `circles check` does.
struct GoldenWorkspace {
  /// A file's bytes and identity, to tell a rename (same inode, same bytes) from a rewrite.
  struct FileState: Equatable {
    var bytes: Data
    var inode: UInt64
    var modified: Date
  }

  let folder: TemporaryFolder

  init() throws {
    folder = try TemporaryFolder()
  }

  var script: URL { folder.url.appendingPathComponent("scene.circles") }
  var goldens: URL { folder.url.appendingPathComponent("__snapshots__/scene", isDirectory: true) }
  var history: URL { folder.url.appendingPathComponent("__snapshots__/scene.history") }

  /// Writes the script from its lines.
  func write(_ lines: [String]) throws {
    try folder.write(lines.joined(separator: "\n") + "\n", to: "scene.circles")
  }

  /// Checks the script; fails the test unless it ran to a result.
  @discardableResult
  func check(
    record: RecordMode = .none, prune: Bool = false, only: [String] = [],
    comparison: ComparisonOptions = .exact
  ) throws -> ScriptResult {
    let options = CheckOptions(
      record: record, prune: prune, comparison: comparison,
      artifactsDirectory: folder.url.appendingPathComponent("artifacts", isDirectory: true),
      only: only)
    let checks = try GoldenSuite.check([script], options: options, currentDirectory: folder.url)
    let check = try #require(checks.first)
    #expect(check.readError == nil, "\(String(describing: check.readError))")
    return try #require(check.result, "\(String(describing: check.failure))")
  }

  /// Writes the script and records every golden.
  func record(_ lines: [String]) throws {
    try write(lines)
    let result = try check(record: .all)
    #expect(result.passed)
  }

  /// Every golden file by name, with its bytes and identity.
  func state() throws -> [String: FileState] {
    var files: [String: FileState] = [:]
    for name in folder.files(in: "__snapshots__/scene") {
      let url = goldens.appendingPathComponent(name)
      let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
      files[name] = FileState(
        bytes: try Data(contentsOf: url),
        inode: (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0,
        modified: attributes[.modificationDate] as? Date ?? .distantPast)
    }
    return files
  }

  /// Expects the goldens to be `before` with the given renames done (each byte-identical and
  /// the same inode), the given names written anew, and nothing else changed.
  func expect(
    _ after: [String: FileState], from before: [String: FileState],
    renamed: [String: String] = [:], written: Set<String> = [], removed: Set<String> = [],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var expected = before
    for name in removed { expected[name] = nil }
    for (old, _) in renamed { expected[old] = nil }
    for (old, new) in renamed { expected[new] = before[old] }
    let names = Set(expected.keys).union(written)
    #expect(Set(after.keys) == names, "golden files", sourceLocation: sourceLocation)
    for (name, state) in expected where !written.contains(name) {
      #expect(after[name] == state, "\(name) was touched", sourceLocation: sourceLocation)
    }
    for name in written {
      #expect(
        after[name] != nil && after[name] != before[name], "\(name) was not written",
        sourceLocation: sourceLocation)
    }
  }
}

extension ScriptResult {
  /// Each frame's name and status, as `name status` (with `< old` for a moved golden).
  var outline: [String] {
    frames.map { frame in
      var line = "\(frame.name) \(frame.status.rawValue)"
      if let movedFrom = frame.movedFrom {
        line += " < " + movedFrom.deletingPathExtension().lastPathComponent
      }
      if frame.renamed { line += " (renamed)" }
      return line
    }
  }
}
