import CircleCanvas
import CircleRender
import CircleSnapshot
import Foundation

/// Checks that a canvas renders like its golden image but for regions that do not count, and
/// reports a test failure if not.
///
/// The same as `assertSnapshot(of:named:record:comparison:…)` for a canvas, with `ignore`
/// added to the comparison's ``ComparisonOptions/ignoredRegions``: pixels inside those
/// rectangles (a clock, a random avatar) are neither counted nor painted, and the diff image
/// shows them hatched.
///
/// ```swift
/// assertSnapshot(of: canvas, ignore: [PixelRect(x: 0, y: 0, width: 120, height: 20)])
/// ```
public func assertSnapshot(
  of canvas: Canvas, named name: String? = nil, record: RecordMode? = nil,
  comparison: ComparisonOptions = .exact, ignore: [PixelRect], snapshotDirectory: URL? = nil,
  artifactsDirectory: URL? = nil, fileID: StaticString = #fileID,
  filePath: StaticString = #filePath, function: StaticString = #function, line: UInt = #line,
  column: UInt = #column
) {
  assertSnapshot(
    of: canvas.state, named: name, record: record, comparison: comparison, ignore: ignore,
    snapshotDirectory: snapshotDirectory, artifactsDirectory: artifactsDirectory, fileID: fileID,
    filePath: filePath, function: function, line: line, column: column)
}

/// Checks that a canvas state renders like its golden image but for regions that do not count,
/// and reports a test failure if not; see `assertSnapshot(of:named:record:comparison:ignore:…)`
/// for a canvas.
public func assertSnapshot(
  of state: CanvasState, named name: String? = nil, record: RecordMode? = nil,
  comparison: ComparisonOptions = .exact, ignore: [PixelRect], snapshotDirectory: URL? = nil,
  artifactsDirectory: URL? = nil, fileID: StaticString = #fileID,
  filePath: StaticString = #filePath, function: StaticString = #function, line: UInt = #line,
  column: UInt = #column
) {
  let message = verifySnapshot(
    of: state, named: name, record: record, comparison: comparison, ignore: ignore,
    snapshotDirectory: snapshotDirectory, artifactsDirectory: artifactsDirectory,
    filePath: filePath, function: function)
  reportSnapshotFailure(message, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Checks that a canvas state renders like its golden image but for regions that do not count,
/// and returns the failure message instead of reporting it.
///
/// - Returns: `nil` when the snapshot matches outside the regions; otherwise what differs,
///   where the images are and how to record.
public func verifySnapshot(
  of state: CanvasState, named name: String? = nil, record: RecordMode? = nil,
  comparison: ComparisonOptions = .exact, ignore: [PixelRect], snapshotDirectory: URL? = nil,
  artifactsDirectory: URL? = nil, filePath: StaticString = #filePath,
  function: StaticString = #function
) -> String? {
  var comparison = comparison
  comparison.ignoredRegions += ignore
  return verifySnapshot(
    of: state, named: name, record: record, comparison: comparison,
    snapshotDirectory: snapshotDirectory, artifactsDirectory: artifactsDirectory,
    filePath: filePath, function: function)
}
