import CirclesTestSupport
import Foundation
import Testing

/// Goldens are written only on request: a failing check leaves every golden byte-identical,
/// with the same modification time and inode, and adds or removes none.
@Suite("Goldens are never touched without --record")
struct GoldenSafetyTests {
  struct Snapshot: Equatable {
    var bytes: Data
    var modified: Date
    var inode: UInt64
  }

  /// Every file below `folder`, by relative path.
  static func snapshot(_ folder: URL) throws -> [String: Snapshot] {
    var files: [String: Snapshot] = [:]
    let manager = FileManager.default
    for path in try manager.subpathsOfDirectory(atPath: folder.path) {
      let url = folder.appendingPathComponent(path)
      let attributes = try manager.attributesOfItem(atPath: url.path)
      guard attributes[.type] as? FileAttributeType == .typeRegular else { continue }
      files[path] = Snapshot(
        bytes: try Data(contentsOf: url), modified: attributes[.modificationDate] as! Date,
        inode: (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0)
    }
    return files
  }

  /// A copy of `samples/history.circles` and its goldens, with the script changed so that some
  /// frames differ, one golden missing and one orphan golden added.
  static func failingCopy() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    let samples = repositoryRoot.appendingPathComponent("samples")
    let script = try String(
      contentsOf: samples.appendingPathComponent("history.circles"), encoding: .utf8)
    try folder.write(
      script.replacingOccurrences(of: "#ffca3a", with: "#00ca3a") + "\nadd extra at 5,5 r 4\n",
      to: "history.circles")
    let goldens = folder.url.appendingPathComponent("__snapshots__/history")
    try FileManager.default.createDirectory(
      at: goldens.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: samples.appendingPathComponent("__snapshots__/history"), to: goldens)
    try FileManager.default.removeItem(at: goldens.appendingPathComponent("0001-add-a.png"))
    try FileManager.default.copyItem(
      at: goldens.appendingPathComponent("0000-start.png"),
      to: goldens.appendingPathComponent("0999-orphan.png"))
    return folder
  }

  @Test(
    "a failing check leaves goldens exactly as they were",
    arguments: [
      ["check", "history.circles"],
      ["check", "history.circles", "--json", "--report", "r.html", "--junit", "j.xml"],
      ["check", ".", "--fail-on-orphans", "--threshold", "0"],
      ["check", "history.circles", "--golden", "__snapshots__"],
    ])
  func failingCheckTouchesNothing(arguments: [String]) async throws {
    let folder = try Self.failingCopy()
    let snapshots = folder.url.appendingPathComponent("__snapshots__")
    let before = try Self.snapshot(snapshots)
    // Far enough apart that a rewrite would show in the modification time.
    try await Task.sleep(for: .milliseconds(20))
    let outcome = try await Executable.run(arguments, in: folder.url)
    #expect(outcome.status == 1, "\(outcome)")
    #expect(outcome.stdout.contains("0001-add-a"), "the missing golden is reported: \(outcome)")
    let after = try Self.snapshot(snapshots)
    #expect(Set(after.keys) == Set(before.keys), "goldens were added or removed")
    for (path, old) in before {
      #expect(after[path] == old, "\(path) was touched")
    }
  }
}
