import CircleCanvas
import CircleRender
import CircleSnapshot
import Foundation
import Testing
import XCTest

@testable import CircleSnapshotTesting

@Suite("assertSnapshot and verifySnapshot")
struct AssertSnapshotTests {
  static let sun = CanvasState(
    width: 24, height: 24,
    circles: [Circle(id: "sun", center: Point(x: 12, y: 12), radius: 6, fill: .black)])

  static var redSun: CanvasState {
    var state = sun
    state.circles[0].fill = Colour(red: 255, green: 0, blue: 0)
    return state
  }

  @Test("a missing golden is reported and not written; recording writes it and then it passes")
  func missingThenRecorded() throws {
    try withTemporaryFolder { folder in
      let goldens = folder.appendingPathComponent("goldens", isDirectory: true)
      let artifacts = folder.appendingPathComponent("artifacts", isDirectory: true)
      let missing = try #require(
        verifySnapshot(
          of: Self.sun, named: "sun", record: RecordMode.none, snapshotDirectory: goldens,
          artifactsDirectory: artifacts))
      #expect(missing.hasPrefix("no golden for snapshot 'sun' at \(goldens.path)/sun.png"))
      #expect(
        missing.hasSuffix("to record it: pass record: .missing, or set CIRCLES_RECORD=missing"))
      #expect(!FileManager.default.fileExists(atPath: goldens.path))
      let recorded = try #require(
        verifySnapshot(
          of: Self.sun, named: "sun", record: .missing, snapshotDirectory: goldens,
          artifactsDirectory: artifacts))
      #expect(recorded.hasPrefix("recorded snapshot 'sun'"))
      #expect(
        verifySnapshot(
          of: Self.sun, named: "sun", record: RecordMode.none, snapshotDirectory: goldens,
          artifactsDirectory: artifacts) == nil)
    }
  }

  @Test("a changed canvas fails with the pixels, the images and the semantic diff")
  func changed() throws {
    try withTemporaryFolder { folder in
      let goldens = folder.appendingPathComponent("goldens", isDirectory: true)
      let artifacts = folder.appendingPathComponent("artifacts", isDirectory: true)
      _ = verifySnapshot(
        of: Self.sun, named: "sun", record: .all, snapshotDirectory: goldens,
        artifactsDirectory: artifacts)
      let message = try #require(
        verifySnapshot(
          of: Self.redSun, named: "sun", record: RecordMode.none, snapshotDirectory: goldens,
          artifactsDirectory: artifacts))
      let lines = message.split(separator: "\n").map(String.init)
      #expect(lines[0].hasPrefix("snapshot 'sun' does not match its golden: "))
      #expect(lines[0].contains("pixels differ"))
      #expect(lines.contains("scene:  sun: fill #000000 → #ff0000"))
      #expect(lines.contains { $0.hasPrefix("diff:   ") && $0.hasSuffix("sun.diff.png") })
      #expect(lines.last == "to record it: pass record: .failed, or set CIRCLES_RECORD=failed")
    }
  }

  @Test("CIRCLES_RECORD is the record mode when the call gives none")
  func environment() throws {
    try withTemporaryFolder { folder in
      let verifier = SnapshotVerifier(
        snapshotDirectory: folder, artifactsDirectory: folder.appendingPathComponent("a"),
        environment: ["CIRCLES_RECORD": "missing"])
      #expect(verifier.verify(Self.sun, named: "env", testFile: "/x/T.swift") != nil)
      #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("env.png").path))
      let bad = SnapshotVerifier(snapshotDirectory: folder, environment: ["CIRCLES_RECORD": "?"])
      #expect(
        bad.verify(Self.sun, named: "env", testFile: "/x/T.swift")?.hasPrefix(
          "invalid record mode '?'") == true)
    }
  }

  @Test("goldens default to __snapshots__/<test file name>/ beside the test file")
  func defaultFolder() throws {
    try withTemporaryFolder { folder in
      let verifier = SnapshotVerifier(
        record: .missing, artifactsDirectory: folder.appendingPathComponent("a"),
        environment: [:])
      let testFile = folder.appendingPathComponent("SunTests.swift").path
      _ = verifier.verify(Self.sun, named: "sun", testFile: testFile)
      let golden = folder.appendingPathComponent("__snapshots__/SunTests/sun.png")
      #expect(FileManager.default.fileExists(atPath: golden.path))
    }
  }

  @Test("assertSnapshot records an issue in Swift Testing, and passes on a match")
  func asserts() throws {
    try withTemporaryFolder { folder in
      let artifacts = folder.appendingPathComponent("artifacts", isDirectory: true)
      withKnownIssue {
        assertSnapshot(
          of: Self.sun, named: "sun", record: RecordMode.none, snapshotDirectory: folder,
          artifactsDirectory: artifacts)
      } matching: { issue in
        issue.comments.first?.rawValue.hasPrefix("no golden for snapshot 'sun'") == true
      }
      withKnownIssue {
        assertSnapshot(
          of: Self.sun, named: "sun", record: .missing, snapshotDirectory: folder,
          artifactsDirectory: artifacts)
      }
      assertSnapshot(
        of: Self.sun, named: "sun", record: RecordMode.none, snapshotDirectory: folder,
        artifactsDirectory: artifacts)
    }
  }
}

/// assertSnapshot from XCTest: failures go through XCTest's failure recording.
final class AssertSnapshotXCTests: XCTestCase {
  private var failures: [String] = []
  private var capturing = false

  /// Captures failures while `capturing`; any other failure (of the checks) fails the test.
  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
    expected: Bool
  ) {
    guard capturing else {
      super.recordFailure(
        withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
      return
    }
    failures.append(description)
  }

  private func capture(_ body: () -> Void) -> [String] {
    capturing = true
    failures = []
    body()
    capturing = false
    return failures
  }

  func testFailureAndMatch() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("assert-snapshot-xctest-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let artifacts = folder.appendingPathComponent("artifacts", isDirectory: true)
    let missing = capture {
      assertSnapshot(
        of: AssertSnapshotTests.sun, named: "sun", record: RecordMode.none,
        snapshotDirectory: folder, artifactsDirectory: artifacts)
    }
    XCTAssertEqual(missing.count, 1)
    XCTAssertTrue(missing.first?.contains("no golden for snapshot 'sun'") == true, "\(missing)")
    _ = verifySnapshot(
      of: AssertSnapshotTests.sun, named: "sun", record: .missing, snapshotDirectory: folder,
      artifactsDirectory: artifacts)
    let matching = capture {
      assertSnapshot(
        of: AssertSnapshotTests.sun, named: "sun", record: RecordMode.none,
        snapshotDirectory: folder, artifactsDirectory: artifacts)
    }
    XCTAssertEqual(matching, [])
  }
}
