import CirclesTestSupport
import Foundation
import Testing

/// `circles check` through the binary: failures located at their commands, goldens that follow
/// the history, `--update`, render targets and the JSON report, each with its whole output.
@Suite("circles check: located failures, moved goldens, --update, render targets")
struct CheckHistoryCommandTests {
  static let script = """
    canvas 40x30
    add a at 10,10 r 5
    group "Pair" {
      add b at 20,10 r 5
      add c at 30,10 r 5
    }
    undo
    add d at 10,22 r 4

    """

  /// A folder with `scene.circles` (or the given text) and its goldens recorded.
  static func recorded(_ text: String = script) async throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.write(text, to: "scene.circles")
    let record = try await Executable.run(["check", "scene.circles", "--record"], in: folder.url)
    #expect(record.status == 0, "\(record)")
    return folder
  }

  static func copy(_ from: String, over to: String, in folder: TemporaryFolder) throws {
    let goldens = folder.url.appendingPathComponent("__snapshots__/scene")
    let target = goldens.appendingPathComponent(to + ".png")
    try FileManager.default.removeItem(at: target)
    try FileManager.default.copyItem(at: goldens.appendingPathComponent(from + ".png"), to: target)
    // The golden stands for one its scene was recorded with by another renderer: its history
    // line is left untied to an image, as an older circles wrote them.
    let history = folder.url.appendingPathComponent("__snapshots__/scene.history")
    let lines = try String(contentsOf: history, encoding: .utf8).split(separator: "\n")
    let untied = lines.map { line in
      guard line.contains("\"name\":\"\(to)\"") else { return String(line) }
      return line.replacingOccurrences(
        of: #""image":"[0-9a-f]+","#, with: "", options: .regularExpression)
    }
    try (untied.joined(separator: "\n") + "\n").write(
      to: history, atomically: true, encoding: .utf8)
  }

  @Test(
    "a failing frame is reported at the command that made it: a plain frame, a group, an undo",
    arguments: [
      (
        "0004-add-d", "8:1", "add d at 10,22 r 4", "^~~~~~~~~~~~~~~~~~",
        "156 pixels differ (13%), first at 6,5, all within 10x21 at 5,5", ""
      ),
      (
        "0002-pair", "3:1", "group \"Pair\" {", "^~~~~~~~~~~~~~",
        "288 pixels differ (24%), first at 6,5, all within 30x10 at 5,5",
        "scene.circles:5:3: note: the frame's last change\n"
      ),
      (
        "0003-undo-pair", "7:1", "undo", "^~~~",
        "96 pixels differ (8%), first at 6,5, all within 10x10 at 5,5", ""
      ),
    ])
  func locatedFailure(
    frame: String, location: String, line: String, caret: String, summary: String, notes: String
  ) async throws {
    let folder = try await Self.recorded()
    try Self.copy("0000-start", over: frame, in: folder)
    let outcome = try await Executable.run(["check", "scene.circles"], in: folder.url)
    #expect(outcome.status == 1)
    #expect(
      outcome.stderr == """
        scene.circles:\(location): error: frame \(frame) differs from its golden: \(summary)
        \(line)
        \(caret)
        \(notes)
        """, "\(outcome)")
    #expect(
      outcome.stdout == """
        FAIL scene.circles: 1 of 5 frames failed; first diverging frame \(frame)
          FAIL    \(frame): \(summary)
            actual: .circles-artifacts/scene/\(frame).actual.png
            diff:   .circles-artifacts/scene/\(frame).diff.png
            strip:  .circles-artifacts/scene/\(frame).strip.png
            note:   the scene is unchanged: the pixels differ through rendering alone
          to accept the new images, run locally and commit what it writes: circles check scene.circles --record failed
        checked 1 script, 5 frames: 4 passed, 1 failed

        """, "\(outcome)")
  }

  @Test("an inserted step: one new frame, the goldens after it moved; --update accepts and says so")
  func insertedStepThenUpdate() async throws {
    let folder = try await Self.recorded()
    try folder.write(
      Self.script.replacingOccurrences(
        of: "undo\n", with: "undo\nadd ghost at 20,25 r 3 opacity 0\n"), to: "scene.circles")
    let checked = try await Executable.run(["check", "scene.circles"], in: folder.url)
    #expect(checked.status == 1)
    #expect(
      checked.stdout == """
        FAIL scene.circles: 1 of 6 frames failed; first diverging frame 0004-add-ghost
          MISSING 0004-add-ghost: no golden at __snapshots__/scene/0004-add-ghost.png
            actual: .circles-artifacts/scene/0004-add-ghost.actual.png
          moved   0005-add-d (was 0004-add-d): same picture as its golden 0004-add-d.png; steps were inserted or removed before it
          to accept the new images, run locally and commit what it writes: circles check scene.circles --record missing
        checked 1 script, 6 frames: 4 passed, 1 missing, 1 moved

        """, "\(checked)")
    #expect(
      checked.stderr == """
        scene.circles:8:1: error: frame 0004-add-ghost has no golden yet
        add ghost at 20,25 r 3 opacity 0
        ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

        """)
    let updated = try await Executable.run(["check", "scene.circles", "--update"], in: folder.url)
    #expect(updated.status == 0)
    #expect(
      updated.stdout == """
        ok   scene.circles: 6 frames, 1 moved, 1 recorded
          RECORD  0004-add-ghost: golden written to __snapshots__/scene/0004-add-ghost.png
          moved   0005-add-d (was 0004-add-d): golden renamed from 0004-add-d.png, byte for byte: same picture
        checked 1 script, 6 frames: 4 passed, 1 moved, 1 recorded

        """, "\(updated)")
    #expect(updated.stderr == "")
    #expect(
      folder.files(in: "__snapshots__/scene") == [
        "0000-start.png", "0001-add-a.png", "0002-pair.png", "0003-undo-pair.png",
        "0004-add-ghost.png", "0005-add-d.png",
      ])
    #expect(folder.files(in: ".circles-artifacts/scene") == [])
  }

  @Test("the printed command keeps the options that choose files and comparisons, and works")
  func printedCommandWorks() async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.script, to: "scene.circles")
    let arguments = [
      "check", "scene.circles", "--golden", "goldens", "--artifacts", "out", "--tolerant",
      "--max-diff", "2",
    ]
    #expect(try await Executable.run(arguments + ["--record"], in: folder.url).status == 0)
    try folder.write(
      Self.script.replacingOccurrences(of: "r 4", with: "r 4 fill red"), to: "scene.circles")
    let failing = try await Executable.run(arguments, in: folder.url)
    #expect(failing.status == 1)
    let hint = try #require(
      failing.stdout.split(separator: "\n").first { $0.contains("to accept") })
    #expect(
      hint
        == "  to accept the new images, run locally and commit what it writes: circles check "
        + "scene.circles --golden goldens --artifacts out --tolerant --max-diff 2 --record failed")
    let command = hint.split(separator: ":", maxSplits: 1)[1].split(separator: " ").dropFirst()
      .map(String.init)
    #expect(try await Executable.run(command, in: folder.url).status == 0)
    #expect(
      try await Executable.run(arguments, in: folder.url).status == 0, "the hint recorded elsewhere"
    )
  }

  @Test("render targets are goldens under their own names, checked and recorded like frames")
  func renderTargets() async throws {
    let folder = try TemporaryFolder()
    try folder.write(
      "canvas 20x20\nadd a at 5,5 r 3\nrender final.png\nrender sub/a.png\n", to: "r.circles")
    let missing = try await Executable.run(["check", "r.circles"], in: folder.url)
    #expect(missing.status == 1)
    #expect(missing.stdout.contains("MISSING final: no golden at __snapshots__/r/final.png"))
    #expect(
      missing.stderr.contains("r.circles:3:1: error: render target 'final.png' has no golden yet"))
    #expect(
      try await Executable.run(["check", "r.circles", "--record"], in: folder.url).status == 0)
    #expect(
      folder.files(in: "__snapshots__/r") == [
        "0000-start.png", "0001-add-a.png", "final.png", "sub",
      ])
    #expect(folder.files(in: "__snapshots__/r/sub") == ["a.png"])
    try folder.write(
      "canvas 20x20\nadd a at 5,5 r 3\nadd b at 15,15 r 3\nrender final.png\n", to: "r.circles")
    let changed = try await Executable.run(["check", "r.circles"], in: folder.url)
    #expect(changed.status == 1)
    #expect(
      changed.stderr.contains(
        "r.circles:4:1: error: render target 'final.png' differs from its golden: "),
      "\(changed)")
    #expect(changed.stdout.contains("  orphan  sub/a: golden without a frame"), "\(changed)")
    try folder.write("add a at 5,5 r 3\nrender 0001-add-a.png\n", to: "r.circles")
    let named = try await Executable.run(["check", "r.circles"], in: folder.url)
    #expect(named.status == 2)
    #expect(
      named.stderr.hasPrefix(
        "r.circles:2:1: error: render target '0001-add-a.png' has the name of a frame of this script; give it another name"
      ), "\(named)")
  }

  @Test(
    "--json gives plain fields: status moved with movedFrom, the command's line, no Swift encoding")
  func json() async throws {
    let folder = try await Self.recorded()
    try folder.write(
      Self.script.replacingOccurrences(
        of: "undo\n", with: "undo\nadd ghost at 20,25 r 3 opacity 0\n"),
      to: "scene.circles")
    let outcome = try await Executable.run(["check", "scene.circles", "--json"], in: folder.url)
    #expect(outcome.status == 1)
    #expect(!outcome.stdout.contains("_0"), "Swift's enum encoding leaked: \(outcome.stdout)")
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
    let script = try #require((document["scripts"] as? [[String: Any]])?.first)
    #expect(script["counts"] as? [String: Int] == ["passed": 4, "missing": 1, "moved": 1])
    let frames = try #require(script["frames"] as? [[String: Any]])
    let moved = try #require(frames.first { $0["status"] as? String == "moved" })
    #expect(moved["name"] as? String == "0005-add-d")
    #expect(moved["movedFrom"] as? String == "__snapshots__/scene/0004-add-d.png")
    #expect(moved["line"] as? Int == 9)
    #expect(moved["column"] as? Int == 1)
    let missing = try #require(frames.first { $0["status"] as? String == "missing" })
    #expect(missing["actual"] as? String == ".circles-artifacts/scene/0004-add-ghost.actual.png")
    #expect(script["rerecordCommand"] as? String == "circles check scene.circles --record missing")
  }

  @Test("a script stopped by a failed expect checks its frames so far and deletes nothing")
  func stoppedEarly() async throws {
    let folder = try await Self.recorded()
    try folder.write(
      Self.script.replacingOccurrences(of: "undo\n", with: "expect count 9\nundo\n"),
      to: "scene.circles")
    let outcome = try await Executable.run(["check", "scene.circles", "--update"], in: folder.url)
    #expect(outcome.status == 1)
    #expect(
      outcome.stdout == """
        FAIL scene.circles: an expect failed after 3 frames
          scene.circles:7:1: error: expected 9 circles, found 3
          the script stopped before its end: 2 goldens of later frames were not checked, and none \
        is deleted
        checked 1 script: 0 passed, 1 failed; 3 frames: 3 passed

        """, "\(outcome)")
    #expect(outcome.stderr.hasPrefix("scene.circles:7:1: error: expected 9 circles, found 3\n"))
    #expect(folder.files(in: "__snapshots__/scene").count == 5)
  }
}
