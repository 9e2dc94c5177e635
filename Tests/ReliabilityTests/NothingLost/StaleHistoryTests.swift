import CirclesTestSupport
import Foundation
import Testing

/// A record killed after its goldens were renamed into place and before the scene history was
/// written leaves a history that describes the old goldens: it must not be used for scene
/// diffs, and any record rewrites it.
@Suite("a scene history that disagrees with its goldens")
struct StaleHistoryTests {
  static func script(_ fill: String) -> String {
    "canvas 20x20\nadd a at 10,10 r 5 fill \(fill)\n"
  }

  /// Goldens of a blue circle beside the history recorded for a red one.
  static func staleWorkspace() async throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.write(script("red"), to: "s.circles")
    let red = try await Executable.run(["check", "s.circles", "--record", "all"], in: folder.url)
    #expect(red.status == 0, "\(red)")
    let history = try folder.read("__snapshots__/s.history")
    try folder.write(script("blue"), to: "s.circles")
    let blue = try await Executable.run(["check", "s.circles", "--record", "all"], in: folder.url)
    #expect(blue.status == 0, "\(blue)")
    // What the kill leaves: the new goldens, the old history.
    try folder.write(history, to: "__snapshots__/s.history")
    return folder
  }

  @Test("its lines for replaced goldens are not used to say what changed")
  func notUsed() async throws {
    let folder = try await Self.staleWorkspace()
    try folder.write(Self.script("green"), to: "s.circles")
    let check = try await Executable.run(["check", "s.circles"], in: folder.url)
    #expect(check.status == 1, "\(check)")
    #expect(!check.stdout.contains("#ff0000"), "\(check)")
    #expect(
      check.stdout.contains(
        "note:   what changed cannot be named: the history was written for another image of "
          + "this golden; any --record rewrites it"), "\(check)")
  }

  @Test(
    "any record rewrites it, and later failures name the real change",
    arguments: [["--record"], ["--update"], ["--record", "all"], ["--record", "failed"]])
  func repaired(record: [String]) async throws {
    let folder = try await Self.staleWorkspace()
    let repair = try await Executable.run(["check", "s.circles"] + record, in: folder.url)
    #expect(repair.status == 0, "\(repair)")
    try folder.write(Self.script("green"), to: "s.circles")
    let check = try await Executable.run(["check", "s.circles"], in: folder.url)
    #expect(check.status == 1, "\(check)")
    #expect(check.stdout.contains("    scene:  a: fill #0000ff → #008000\n"), "\(check)")
  }
}
