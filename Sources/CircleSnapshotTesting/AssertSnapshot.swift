import CircleCanvas
import CircleSnapshot
import Foundation
import Testing

#if canImport(XCTest)
  import XCTest
#endif

/// Checks that a canvas renders like its golden image, and reports a test failure if not.
///
/// Works in Swift Testing (the failure is an `Issue` at the call) and in XCTest (an
/// `XCTFail` at the call). The golden is `__snapshots__/<test file name>/<name>.png` beside the
/// test file unless `snapshotDirectory` says otherwise; the actual, diff and strip images of a
/// failure go to `circles-artifacts/` in the temporary folder, and the message gives their
/// paths.
///
/// ```swift
/// @Test func sunset() {
///   var state = CanvasState(width: 64, height: 64)
///   state.circles.append(Circle(id: "sun", center: Point(x: 32, y: 40), radius: 12))
///   assertSnapshot(of: state, named: "sunset")
/// }
/// ```
///
/// - Parameters:
///   - canvas: the canvas state to render.
///   - name: the golden's name without `.png`.
///   - record: which goldens may be written; `nil` reads `CIRCLES_RECORD`, else none. A
///     recorded snapshot is reported as a failure so that record mode is never left on unseen.
///   - comparison: how strictly the images must agree; exact by default.
///   - snapshotDirectory: the folder of goldens, overriding the default.
///   - artifactsDirectory: the folder for failure images, overriding the default.
///   - fileID, filePath, line, column: where the failure is reported; leave the defaults.
public func assertSnapshot(
  of canvas: CanvasState, named name: String, record: RecordMode? = nil,
  comparison: ComparisonOptions = .exact, snapshotDirectory: URL? = nil,
  artifactsDirectory: URL? = nil, fileID: StaticString = #fileID,
  filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column
) {
  let verifier = SnapshotVerifier(
    record: record, comparison: comparison, snapshotDirectory: snapshotDirectory,
    artifactsDirectory: artifactsDirectory)
  guard let message = verifier.verify(canvas, named: name, testFile: "\(filePath)") else {
    return
  }
  reportSnapshotFailure(
    message, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Checks that a canvas renders like its golden image and returns the failure message instead
/// of reporting it.
///
/// Takes the same parameters as ``assertSnapshot(of:named:record:comparison:snapshotDirectory:artifactsDirectory:fileID:filePath:line:column:)``.
///
/// - Returns: `nil` when the snapshot matches; otherwise what differs, where the images are and
///   how to record.
public func verifySnapshot(
  of canvas: CanvasState, named name: String, record: RecordMode? = nil,
  comparison: ComparisonOptions = .exact, snapshotDirectory: URL? = nil,
  artifactsDirectory: URL? = nil, filePath: StaticString = #filePath
) -> String? {
  SnapshotVerifier(
    record: record, comparison: comparison, snapshotDirectory: snapshotDirectory,
    artifactsDirectory: artifactsDirectory
  ).verify(canvas, named: name, testFile: "\(filePath)")
}

/// Records a failure with the running test framework: an `Issue` inside a Swift Testing test,
/// else an `XCTFail`.
func reportSnapshotFailure(
  _ message: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
) {
  #if canImport(XCTest)
    if Test.current == nil {
      XCTFail(message, file: filePath, line: line)
      return
    }
  #endif
  let location = SourceLocation(
    fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
  Issue.record(Comment(rawValue: message), sourceLocation: location)
}
