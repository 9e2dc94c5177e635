import CircleCanvas
import CircleSnapshot
import Foundation
import Testing

#if canImport(XCTest)
  import XCTest
#endif

/// Checks that a canvas renders like its golden image, and reports a test failure if not.
///
/// Works in Swift Testing (the failure is an `Issue` at the call) and in XCTest (an `XCTFail` at
/// the call). The golden is `__snapshots__/<test file name>/<name>.png` beside the test file,
/// named after the test function unless `name` is given: `sunset()` takes `sunset.png`, and a
/// second snapshot in the same test `sunset.2.png`. A parameterized test must name its snapshots.
/// The actual, diff and strip images of a failure go to `.circles-artifacts/<test file name>/`
/// in the package, as `circles check` writes them to `.circles-artifacts/` in its folder; the
/// message gives their paths and how to record.
///
/// ```swift
/// @Test func sunset() throws {
///   let canvas = try Canvas(width: 64, height: 64)
///   try canvas.add(Circle(id: "sun", center: Point(x: 32, y: 40), radius: 12))
///   assertSnapshot(of: canvas)
/// }
/// ```
///
/// Goldens are written only on request: `record:`, else the `CIRCLES_RECORD` environment
/// variable (`missing`, `failed`, `all`; `1` for missing and failed). A recorded snapshot is
/// reported as a failure too, so that record mode is never left on unseen.
///
/// - Parameters:
///   - canvas: the canvas to render.
///   - name: the golden's name without `.png`; by default the test function's name.
///   - record: which goldens may be written; `nil` reads `CIRCLES_RECORD`, else none.
///   - comparison: how strictly the images must agree: `.exact` (the default) for goldens made
///     with the same Cairo, `.tolerant` for goldens from another machine, or
///     `ComparisonOptions(threshold:ignoresAntialiasing:limit:)`.
///   - snapshotDirectory: the folder of goldens, overriding the default.
///   - artifactsDirectory: the folder for failure images, overriding the default.
///   - fileID, filePath, function, line, column: the call's place and test; leave the defaults.
public func assertSnapshot(
  of canvas: Canvas, named name: String? = nil, record: RecordMode? = nil,
  comparison: ComparisonOptions = .exact, snapshotDirectory: URL? = nil,
  artifactsDirectory: URL? = nil, fileID: StaticString = #fileID,
  filePath: StaticString = #filePath, function: StaticString = #function, line: UInt = #line,
  column: UInt = #column
) {
  assertSnapshot(
    of: canvas.state, named: name, record: record, comparison: comparison,
    snapshotDirectory: snapshotDirectory, artifactsDirectory: artifactsDirectory, fileID: fileID,
    filePath: filePath, function: function, line: line, column: column)
}

/// Checks that a canvas state renders like its golden image, and reports a test failure if not.
///
/// The same as ``assertSnapshot(of:named:record:comparison:snapshotDirectory:artifactsDirectory:fileID:filePath:function:line:column:)-(Canvas,_,_,_,_,_,_,_,_,_,_)``
/// for a state, such as one built by hand or kept from a script.
public func assertSnapshot(
  of state: CanvasState, named name: String? = nil, record: RecordMode? = nil,
  comparison: ComparisonOptions = .exact, snapshotDirectory: URL? = nil,
  artifactsDirectory: URL? = nil, fileID: StaticString = #fileID,
  filePath: StaticString = #filePath, function: StaticString = #function, line: UInt = #line,
  column: UInt = #column
) {
  let message = verifySnapshot(
    of: state, named: name, record: record, comparison: comparison,
    snapshotDirectory: snapshotDirectory, artifactsDirectory: artifactsDirectory,
    filePath: filePath, function: function)
  reportSnapshotFailure(message, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Checks that a canvas state renders like its golden image and returns the failure message
/// instead of reporting it.
///
/// Takes the parameters of `assertSnapshot(of:…)`, and names the snapshot the same way.
///
/// - Returns: `nil` when the snapshot matches; otherwise what differs, where the images are and
///   how to record.
public func verifySnapshot(
  of state: CanvasState, named name: String? = nil, record: RecordMode? = nil,
  comparison: ComparisonOptions = .exact, snapshotDirectory: URL? = nil,
  artifactsDirectory: URL? = nil, filePath: StaticString = #filePath,
  function: StaticString = #function
) -> String? {
  let verifier = SnapshotVerifier(
    record: record, comparison: comparison, snapshotDirectory: snapshotDirectory,
    artifactsDirectory: artifactsDirectory)
  return withSnapshotName(name, function: function, filePath: filePath) { name in
    verifier.verify(state, named: name, testFile: "\(filePath)")
  }
}

/// The snapshot's name, given or from the test; runs `check` with it.
func withSnapshotName(
  _ name: String?, function: StaticString, filePath: StaticString,
  _ check: (String) -> String?
) -> String? {
  if let name { return check(name) }
  switch SnapshotName.next(function: "\(function)", testFile: "\(filePath)") {
  case .success(let name): return check(name)
  case .failure(let error): return error.description
  }
}

/// Records a failure with the running test framework: an `Issue` inside a Swift Testing test,
/// else an `XCTFail`; nothing when there is no message.
func reportSnapshotFailure(
  _ message: String?, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
) {
  guard let message else { return }
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
