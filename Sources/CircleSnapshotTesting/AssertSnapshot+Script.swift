import CircleSnapshot
import Foundation

/// Checks every frame of a script's history against its goldens, and reports a test failure if
/// any differs, is missing, or the script fails.
///
/// The script runs as `circles run` runs it; each frame (`0000-start`, `0001-add-sun`, …,
/// including undo and redo) is compared with its golden in
/// `__snapshots__/<test file name>/<name>/`, named after the test function unless `name` is
/// given. An error in the script or a failed `expect` is reported too, in the compiler format.
///
/// ```swift
/// @Test func sunrise() {
///   assertSnapshot(
///     ofScript: """
///       canvas 64x64
///       add sun at 32,40 radius 12 fill orange
///       move sun by 0,-10
///       undo
///       """)
/// }
/// ```
///
/// - Parameters:
///   - script: the script's text.
///   - name: names the golden folder; by default the test function's name.
///   - record, comparison, snapshotDirectory, artifactsDirectory: as for `assertSnapshot(of:)`.
///   - fileID, filePath, function, line, column: the call's place and test; leave the defaults.
public func assertSnapshot(
  ofScript script: String, named name: String? = nil, record: RecordMode? = nil,
  comparison: ComparisonOptions = .exact, snapshotDirectory: URL? = nil,
  artifactsDirectory: URL? = nil, fileID: StaticString = #fileID,
  filePath: StaticString = #filePath, function: StaticString = #function, line: UInt = #line,
  column: UInt = #column
) {
  let verifier = SnapshotVerifier(
    record: record, comparison: comparison, snapshotDirectory: snapshotDirectory,
    artifactsDirectory: artifactsDirectory)
  let message = withSnapshotName(name, function: function, filePath: filePath) { name in
    verifier.verify(
      script: script, named: name, testFile: "\(filePath)", line: line, column: column)
  }
  reportSnapshotFailure(message, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Checks every frame of a script file against its goldens, as `circles check <script>` does,
/// and reports a test failure if any differs, is missing, or the script fails.
///
/// The goldens are the command line's: `__snapshots__/<script name>/` beside the script (or
/// `snapshotDirectory`), so a test and `circles check` share them.
///
/// - Parameters:
///   - url: the `.circles` file.
///   - record, comparison, snapshotDirectory, artifactsDirectory: as for `assertSnapshot(of:)`.
///   - fileID, filePath, line, column: where the failure is reported; leave the defaults.
public func assertSnapshot(
  ofScriptAt url: URL, record: RecordMode? = nil, comparison: ComparisonOptions = .exact,
  snapshotDirectory: URL? = nil, artifactsDirectory: URL? = nil, fileID: StaticString = #fileID,
  filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
  let message = SnapshotVerifier(
    record: record, comparison: comparison, snapshotDirectory: snapshotDirectory,
    artifactsDirectory: artifactsDirectory
  ).verify(scriptAt: url, testFile: "\(filePath)")
  reportSnapshotFailure(message, fileID: fileID, filePath: filePath, line: line, column: column)
}
