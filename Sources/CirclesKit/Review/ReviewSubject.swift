import CircleEngine
import CircleScript
import CircleSnapshot
import CircleSystem
import Foundation

/// What a review checks: a script file, as `circles check` does, or what an `assertSnapshot`
/// call left in an artifacts folder (`circles review --artifacts`, docs/review.md).
package enum ReviewSubject: Sendable, Equatable {
  /// A script file.
  case script(URL)
  /// The entry an `assertSnapshot` call wrote beside its artifacts (its file).
  case snapshot(URL)

  /// The file whose saves refresh the page: the script, or the entry a test run rewrites.
  package var watched: URL {
    switch self {
    case .script(let url), .snapshot(let url): url
    }
  }

  /// The entries below an artifacts folder (`*.review.json`), in the order of their paths;
  /// links are not followed, and at most `limit` are taken.
  package static func snapshots(in folder: URL, limit: Int = 10_000) -> [ReviewSubject] {
    var found: [URL] = []
    let root = try? FolderHandle.open(folder)
    try? root?.walkTree(skippingHidden: false) { entry in
      guard found.count < limit else { return false }
      if entry.folder != nil { return true }
      if entry.name.hasSuffix(SnapshotReviewEntry.suffix),
        entry.parent.identity(ofFileNamed: entry.name) != nil
      {
        found.append(folder.appendingPathComponent(entry.path))
      }
      return false
    }
    return found.sorted { $0.path < $1.path }.map { .snapshot($0) }
  }

  /// Checks what an entry names with `options` (whose golden folder and comparison are the
  /// entry's): the script's text against its golden folder, or the canvas's actual image
  /// against its golden. An entry that is gone or unreadable (the test passes now, or the file
  /// is not one) is a check with nothing to decide.
  ///
  /// - Returns: the check, and the options it was made with.
  static func check(
    entryAt file: URL, options: CheckOptions, currentDirectory: URL
  ) -> (GoldenSuite.ScriptCheck, CheckOptions) {
    let entry = SnapshotReviewEntry.read(file)
    let displayName = DisplayText.escaped(
      entry.map { entry in
        let line = entry.line.map { ":\($0)" } ?? ""
        return "\(URL(fileURLWithPath: entry.test).lastPathComponent)\(line): \(entry.name)"
      } ?? file.relativePath(from: currentDirectory))
    var empty = GoldenSuite.ScriptCheck(
      script: file, displayName: displayName, source: [], result: nil, failure: nil,
      readError: nil, folderError: nil, diagnostics: [])
    guard let entry else {
      empty.result = ScriptResult(
        script: file, goldenDirectory: file.deletingLastPathComponent(), frames: [],
        failsOnOrphans: false)
      return (empty, options)
    }
    let goldens = URL(fileURLWithPath: entry.goldens, isDirectory: true)
    // An entry is a file anyone could have put in the folder (a downloaded CI artifact): its
    // accepts may write only below the folder the review runs in, where the calls' own golden
    // folders are.
    let here = currentDirectory.standardizedFileURL.resolvingSymlinksInPath().path
    let target = goldens.standardizedFileURL.resolvingSymlinksInPath().path
    guard target.hasPrefix(here.hasSuffix("/") ? here : here + "/") else {
      empty.folderError =
        "its golden folder '\(DisplayText.escaped(entry.goldens))' is outside the current "
        + "folder, where circles review may write: not reviewed"
      return (empty, options)
    }
    var options = options
    options.goldenDirectory = goldens
    options.comparison = entry.comparison
    switch entry.kind {
    case .script:
      let script = URL(fileURLWithPath: entry.scriptPath ?? entry.goldens + ".circles")
      let source = ScriptSource(bytes: Array((entry.script ?? "").utf8), fileName: displayName)
      return (GoldenSuite.check(source, as: script, options: options), options)
    case .canvas:
      let actual = file.deletingLastPathComponent().appendingPathComponent(
        entry.name + ".actual.png")
      guard let png = FolderHandle.readFile(actual, limit: 256 << 20) else {
        empty.readError = nil
        empty.folderError = "no actual image beside '\(DisplayText.escaped(file.path))'"
        return (empty, options)
      }
      let frame = GoldenChecker.checkSnapshot(
        named: entry.name, png: png, folder: goldens, options: options)
      empty.result = ScriptResult(
        script: goldens.appendingPathComponent(entry.name), goldenDirectory: goldens,
        frames: [frame], failsOnOrphans: false)
      return (empty, options)
    }
  }
}
