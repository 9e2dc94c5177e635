import CircleCanvas
import CircleSnapshot
import Foundation
import Testing
import XCTest

@testable import CircleSnapshotTesting

@Suite("assertSnapshot names goldens after the test and keeps artifacts where the CLI does")
struct AssertSnapshotNamingTests {
  static func files(in folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
  }

  @Test("snapshots are named after the test function, then counted")
  func namedAfterTheTest() throws {
    try withTemporaryFolder { folder in
      let artifacts = folder.appendingPathComponent("artifacts", isDirectory: true)
      for _ in 0..<3 {
        _ = verifySnapshot(
          of: AssertSnapshotTests.sun, record: .missing, snapshotDirectory: folder,
          artifactsDirectory: artifacts)
      }
      _ = verifySnapshot(
        of: AssertSnapshotTests.sun, named: "given", record: .missing, snapshotDirectory: folder,
        artifactsDirectory: artifacts)
      #expect(
        Self.files(in: folder) == [
          "given.png", "namedAfterTheTest.2.png", "namedAfterTheTest.3.png",
          "namedAfterTheTest.png",
        ])
    }
  }

  @Test("a canvas is checked through its state, with the same default name")
  func canvas() throws {
    try withTemporaryFolder { folder in
      let canvas = try Canvas(width: 24, height: 24)
      try canvas.add(Circle(id: "sun", center: Point(x: 12, y: 12), radius: 6, fill: .black))
      let artifacts = folder.appendingPathComponent("artifacts", isDirectory: true)
      withKnownIssue {
        assertSnapshot(
          of: canvas, record: .missing, snapshotDirectory: folder, artifactsDirectory: artifacts)
      } matching: { issue in
        issue.comments.first?.rawValue.hasPrefix("recorded snapshot 'canvas' at ") == true
      }
      assertSnapshot(
        of: canvas.state, named: "canvas", record: RecordMode.none, snapshotDirectory: folder,
        artifactsDirectory: artifacts)
      #expect(
        verifySnapshot(
          of: AssertSnapshotTests.sun, named: "canvas", record: RecordMode.none,
          snapshotDirectory: folder, artifactsDirectory: artifacts) == nil)
    }
  }

  @Test("a parameterized test must name its snapshots", arguments: [1, 2])
  func parameterized(index: Int) {
    let message = verifySnapshot(of: AssertSnapshotTests.sun, record: RecordMode.none)
    #expect(
      message
        == "a snapshot in a parameterized test needs a name: pass named: with the argument in it")
  }

  @Test(
    "a name that would leave the golden folder, or hide its file, is refused; others are files",
    arguments: [
      ("../escape", false), ("a/b", false), (".hidden", false), ("", false), ("tab\there", false),
      ("back\\slash", false), ("sun 2", true), ("sun.2", true), ("Sonne-über", true),
    ])
  func names(name: String, accepted: Bool) throws {
    try withTemporaryFolder { folder in
      let goldens = folder.appendingPathComponent("goldens", isDirectory: true)
      let message = verifySnapshot(
        of: AssertSnapshotTests.sun, named: name, record: .missing, snapshotDirectory: goldens,
        artifactsDirectory: folder.appendingPathComponent("artifacts"))
      let script = SnapshotVerifier(record: .missing, snapshotDirectory: goldens).verify(
        script: "", named: name, testFile: "/x/T.swift")
      if accepted {
        #expect(message?.hasPrefix("recorded snapshot") == true)
        #expect(Self.files(in: goldens).contains("\(name).png"))
      } else {
        #expect(message?.hasPrefix("invalid snapshot name '") == true)
        #expect(script == message)
        #expect(Self.files(in: folder) == [])
      }
    }
  }

  @Test("artifacts go to .circles-artifacts in the test file's package")
  func defaultArtifacts() throws {
    try withTemporaryFolder { folder in
      try Data("// package\n".utf8).write(to: folder.appendingPathComponent("Package.swift"))
      let tests = folder.appendingPathComponent("Tests/SunTests", isDirectory: true)
      try FileManager.default.createDirectory(at: tests, withIntermediateDirectories: true)
      let testFile = tests.appendingPathComponent("SunTests.swift")
      let verifier = SnapshotVerifier(record: RecordMode.none, environment: [:])
      #expect(
        verifier.artifactsRoot(for: testFile).path
          == folder.appendingPathComponent(".circles-artifacts").path)
      let message = try #require(
        verifier.verify(AssertSnapshotTests.sun, named: "sun", testFile: testFile.path))
      // Goldens at the package's root, outside every target: SwiftPM warns of none.
      #expect(
        message.hasPrefix(
          "no golden for snapshot 'sun' at \(folder.path)/__snapshots__/Tests/SunTests/SunTests/sun.png"
        ),
        "\(message)")
      let actual = folder.appendingPathComponent(".circles-artifacts/SunTests/sun.actual.png")
      #expect(FileManager.default.fileExists(atPath: actual.path))
      #expect(message.contains("actual: \(actual.path)"))
    }
  }

  @Test("goldens kept beside the test file, where they were before, are still used there")
  func goldensBesideTheTestFile() throws {
    try withTemporaryFolder { folder in
      try Data("// package\n".utf8).write(to: folder.appendingPathComponent("Package.swift"))
      let tests = folder.appendingPathComponent("Tests/SunTests", isDirectory: true)
      let beside = tests.appendingPathComponent("__snapshots__/SunTests", isDirectory: true)
      try FileManager.default.createDirectory(at: beside, withIntermediateDirectories: true)
      let testFile = tests.appendingPathComponent("SunTests.swift")
      #expect(SnapshotVerifier.snapshotFolder(of: testFile).path == beside.path)
      try FileManager.default.removeItem(at: beside)
      #expect(
        SnapshotVerifier.snapshotFolder(of: testFile).path
          == folder.appendingPathComponent("__snapshots__/Tests/SunTests/SunTests").path)
    }
  }

  @Test("outside a package, artifacts go to .circles-artifacts in the current folder")
  func artifactsWithoutPackage() {
    let verifier = SnapshotVerifier()
    let current = FileManager.default.currentDirectoryPath
    #expect(
      verifier.artifactsRoot(for: URL(fileURLWithPath: "/nonexistent/T.swift")).path
        == URL(fileURLWithPath: current).appendingPathComponent(".circles-artifacts").path)
  }
}

/// Default names in XCTest: the test method's name.
final class AssertSnapshotNamingXCTests: XCTestCase {
  func testDefaultName() throws {
    try withTemporaryFolder { folder in
      _ = verifySnapshot(
        of: AssertSnapshotTests.sun, record: .missing, snapshotDirectory: folder,
        artifactsDirectory: folder.appendingPathComponent("artifacts"))
      XCTAssertEqual(AssertSnapshotNamingTests.files(in: folder), ["testDefaultName.png"])
    }
  }
}
