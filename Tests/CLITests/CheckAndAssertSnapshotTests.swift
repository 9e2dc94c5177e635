import CircleSnapshot
import CirclesTestSupport
import Foundation
import Testing

@testable import CircleSnapshotTesting

/// `circles check` and `assertSnapshot(ofScriptAt:)` read and write one folder layout and one
/// history: goldens recorded by either pass under the other, and a step inserted after recording
/// moves them for both. Each keeps its ecosystem's habit for a recording run: `check --record`
/// passes, a recording test fails.
@Suite("circles check and assertSnapshot share their goldens")
struct CheckAndAssertSnapshotTests {
  static let script = "canvas 24x24\nadd sun at 12,12 r 6 fill orange\nmove sun by 2,0\n"
  static let inserted =
    "canvas 24x24\nadd ghost at 2,2 r 1 opacity 0\nadd sun at 12,12 r 6 fill orange\n"
    + "move sun by 2,0\n"

  static func verifier(_ mode: RecordMode?, in folder: TemporaryFolder) -> SnapshotVerifier {
    SnapshotVerifier(
      record: mode, artifactsDirectory: folder.url.appendingPathComponent(".circles-artifacts"),
      environment: ["CI": "true"])
  }

  static func verify(_ mode: RecordMode?, in folder: TemporaryFolder) -> String? {
    verifier(mode, in: folder).verify(
      scriptAt: folder.url.appendingPathComponent("scene.circles"),
      testFile: folder.url.appendingPathComponent("SceneTests.swift").path)
  }

  @Test("recorded by circles check --record (which passes), checked by assertSnapshot")
  func recordedByTheCommand() async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.script, to: "scene.circles")
    let recorded = try await Executable.run(["check", "scene.circles", "--record"], in: folder.url)
    #expect(recorded.status == 0, "a recording run of the command passes: \(recorded)")
    #expect(Self.verify(nil, in: folder) == nil)
    // A step inserted: the goldens moved for the test too, and only the new frame is missing.
    try folder.write(Self.inserted, to: "scene.circles")
    let moved = try #require(Self.verify(nil, in: folder))
    #expect(moved.hasPrefix("script 'scene.circles', 4 frames: 1 failed\n"), "\(moved)")
    #expect(moved.contains("no golden for snapshot '0001-add-ghost' at "), "\(moved)")
    #expect(!moved.contains("0002-add-sun"), "a moved golden is no failure: \(moved)")
  }

  @Test("recorded by assertSnapshot (which fails, to be run again), checked by circles check")
  func recordedByTheTest() async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.script, to: "scene.circles")
    let recorded = try #require(
      Self.verify(.missing, in: folder), "a recording test fails, to be looked at")
    #expect(recorded.hasPrefix("script 'scene.circles', 3 frames: 3 recorded"), "\(recorded)")
    #expect(
      folder.files(in: "__snapshots__/scene") == [
        "0000-start.png", "0001-add-sun.png", "0002-move-sun.png",
      ])
    #expect(folder.allFiles(in: "__snapshots__").contains("scene.history"))
    let checked = try await Executable.run(["check", "scene.circles"], in: folder.url)
    #expect(checked.status == 0, "\(checked)")
    #expect(checked.stdout.hasSuffix("3 passed\n"), "\(checked)")
    // A step inserted: the command sees the test's goldens as moved.
    try folder.write(Self.inserted, to: "scene.circles")
    let moved = try await Executable.run(["check", "scene.circles"], in: folder.url)
    #expect(moved.stdout.hasSuffix("1 passed, 1 missing, 2 moved\n"), "\(moved)")
  }

  /// README: `__snapshots__/<the test file's path>/<test name>/` at the package's root.
  @Test("assertSnapshot(ofScript:) keeps its goldens where README says")
  func scriptGoldenPath() throws {
    let folder = try TemporaryFolder()
    try folder.write("// swift-tools-version: 6.0\n", to: "Package.swift")
    try folder.write("", to: "Tests/DrawingTests/DrawingTests.swift")
    let testFile = folder.url.appendingPathComponent("Tests/DrawingTests/DrawingTests.swift")
    let message = SnapshotVerifier(
      record: .missing, artifactsDirectory: folder.url.appendingPathComponent("artifacts"),
      environment: [:]
    ).verify(script: "canvas 8x8\n", named: "sunrise", testFile: testFile.path)
    #expect(message?.contains("recorded snapshot '0000-start'") == true, "\(message ?? "")")
    #expect(
      folder.files(in: "__snapshots__/Tests/DrawingTests/DrawingTests/sunrise")
        == ["0000-start.png"])
    let readme = try String(
      contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(
      readme.contains(
        "`__snapshots__/<the test file's path>/<test name>/` at the package's root"))
  }
}
