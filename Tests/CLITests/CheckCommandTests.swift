import CircleRender
import CirclesTestSupport
import Foundation
import Testing

@Suite("circles check and circles diff, end to end")
struct CheckCommandTests {
  static let scene = """
    canvas 40x30
    add sun at 10,10 radius 6 fill gold
    add sea at 30,25 radius 8 fill #336699
    """

  /// A folder with `scene.circles` and its goldens recorded.
  func recordedFolder() async throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.write(Self.scene, to: "scene.circles")
    let record = try await Executable.run(["check", "scene.circles", "--record"], in: folder.url)
    #expect(record.status == 0, "\(record)")
    return folder
  }

  func goldenBytes(_ folder: TemporaryFolder) throws -> [String: Data] {
    var bytes: [String: Data] = [:]
    for name in folder.files(in: "__snapshots__/scene") {
      bytes[name] = try Data(
        contentsOf: folder.url.appendingPathComponent("__snapshots__/scene/\(name)"))
    }
    return bytes
  }

  @Test("the samples match their goldens")
  func samples() async throws {
    let folder = try TemporaryFolder()
    let outcome = try await Executable.run(
      ["check", repositoryRoot.appendingPathComponent("samples").path, "--artifacts", "artifacts"],
      in: folder.url)
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stdout.contains("frames: "))
    #expect(!outcome.stdout.contains("FAIL"))
    #expect(folder.files(in: "artifacts") == [])
  }

  @Test(
    "a first run outside CI records the missing goldens and fails; the next passes; a changed golden is never rewritten; a moved one is renamed byte for byte"
  )
  func firstRunRecords() async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.scene, to: "scene.circles")
    let local = ["CI": ""]
    let first = try await Executable.run(
      ["check", "scene.circles"], in: folder.url, environment: local)
    #expect(first.status == 1, "\(first)")
    #expect(
      first.stdout == """
        FAIL scene.circles: 3 of 3 frames had no golden and were recorded
          RECORD  0000-start: golden written to __snapshots__/scene/0000-start.png
          RECORD  0001-add-sun: golden written to __snapshots__/scene/0001-add-sun.png
          RECORD  0002-add-sea: golden written to __snapshots__/scene/0002-add-sea.png
          recorded 3 goldens for frames that had none: look at them and run again
        checked 1 script, 3 frames: 0 passed, 3 recorded

        """)
    #expect(
      first.stderr.hasPrefix(
        "scene.circles:1:1: error: frame 0000-start had no golden: "
          + "recorded, look at it and run again\n"), "\(first)")
    let goldens = try goldenBytes(folder)
    let second = try await Executable.run(
      ["check", "scene.circles"], in: folder.url, environment: local)
    #expect(second.status == 0, "\(second)")
    // An inserted step, off the canvas: its golden is written and the moved one renamed, byte
    // for byte.
    try folder.write(
      Self.scene.replacingOccurrences(
        of: "add sea", with: "add star at -10,-10 radius 1\nadd sea"), to: "scene.circles")
    let third = try await Executable.run(
      ["check", "scene.circles"], in: folder.url, environment: local)
    #expect(third.status == 1, "\(third)")
    #expect(third.stdout.contains("RECORD  0002-add-star"), "\(third)")
    #expect(
      third.stdout.contains(
        "moved   0003-add-sea (was 0002-add-sea): golden renamed from 0002-add-sea.png"))
    var after = try goldenBytes(folder)
    #expect(after.removeValue(forKey: "0002-add-star.png") != nil)
    #expect(after["0003-add-sea.png"] == goldens["0002-add-sea.png"])
    after["0002-add-sea.png"] = after.removeValue(forKey: "0003-add-sea.png")
    #expect(after == goldens)
    // A changed picture: its golden stays as it was.
    let before = try goldenBytes(folder)
    try folder.write(
      Self.scene.replacingOccurrences(
        of: "add sea", with: "add star at -10,-10 radius 1\nadd sea"
      ).replacingOccurrences(of: "gold", with: "tomato"), to: "scene.circles")
    let fourth = try await Executable.run(
      ["check", "scene.circles"], in: folder.url, environment: local)
    #expect(fourth.status == 1, "\(fourth)")
    #expect(fourth.stdout.contains("FAIL    0001-add-sun"), "\(fourth)")
    #expect(try goldenBytes(folder) == before)
  }

  @Test("with --record none or CIRCLES_RECORD=none, a person's first run writes nothing")
  func firstRunTurnedOff() async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.scene, to: "scene.circles")
    let flag = try await Executable.run(
      ["check", "scene.circles", "--record", "none"], in: folder.url, environment: ["CI": ""])
    let variable = try await Executable.run(
      ["check", "scene.circles"], in: folder.url,
      environment: ["CI": "", "CIRCLES_RECORD": "none"])
    for outcome in [flag, variable] {
      #expect(outcome.status == 1, "\(outcome)")
      #expect(outcome.stdout.contains("MISSING 0000-start"), "\(outcome)")
    }
    #expect(folder.files(in: "__snapshots__") == [])
  }

  @Test("in CI (CI=true), a missing golden fails and writes no golden")
  func missingGolden() async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.scene, to: "scene.circles")
    let outcome = try await Executable.run(["check", "scene.circles"], in: folder.url)
    #expect(outcome.status == 1)
    #expect(outcome.stdout.contains("MISSING 0000-start"))
    #expect(outcome.stdout.contains("circles check scene.circles --record missing"))
    #expect(folder.files(in: "__snapshots__") == [])
  }

  @Test("--record writes goldens for every frame; a second check passes")
  func recordThenPass() async throws {
    let folder = try await recordedFolder()
    #expect(
      folder.files(in: "__snapshots__/scene") == [
        "0000-start.png", "0001-add-sun.png", "0002-add-sea.png",
      ])
    let outcome = try await Executable.run(["check", "scene.circles"], in: folder.url)
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stdout.hasSuffix("checked 1 script, 3 frames: 3 passed\n"), "\(outcome)")
  }

  @Test("a one-colour change fails at the right frame, with a diff image and the scene change")
  func colourChange() async throws {
    let folder = try await recordedFolder()
    let before = try goldenBytes(folder)
    try folder.write(
      Self.scene.replacingOccurrences(of: "#336699", with: "#339966"), to: "scene.circles")
    let outcome = try await Executable.run(["check", "scene.circles"], in: folder.url)
    #expect(outcome.status == 1)
    #expect(outcome.stdout.contains("first diverging frame 0002-add-sea"), "\(outcome)")
    #expect(outcome.stdout.contains("sea: fill #336699 → #339966"), "\(outcome)")
    #expect(outcome.stdout.contains("circles check scene.circles --record failed"))
    #expect(
      folder.files(in: ".circles-artifacts/scene") == [
        "0002-add-sea.actual.png", "0002-add-sea.diff.png", "0002-add-sea.strip.png",
      ])
    #expect(try goldenBytes(folder) == before)

    let rerecord = try await Executable.run(
      ["check", "scene.circles", "--record", "failed"], in: folder.url)
    #expect(rerecord.status == 0, "\(rerecord)")
    let after = try goldenBytes(folder)
    #expect(after["0002-add-sea.png"] != before["0002-add-sea.png"])
    #expect(after["0001-add-sun.png"] == before["0001-add-sun.png"])
  }

  @Test("CIRCLES_RECORD records like --record")
  func recordFromEnvironment() async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.scene, to: "scene.circles")
    let outcome = try await Executable.run(
      ["check", "scene.circles"], in: folder.url, environment: ["CIRCLES_RECORD": "missing"])
    #expect(outcome.status == 0, "\(outcome)")
    #expect(folder.files(in: "__snapshots__/scene").count == 3)
  }

  @Test("orphan goldens are reported, and deleted only with --prune")
  func orphans() async throws {
    let folder = try await recordedFolder()
    try folder.write(Self.scene + "\nremove sun\n", to: "scene.circles")
    _ = try await Executable.run(["check", "scene.circles", "--record", "missing"], in: folder.url)
    try folder.write(Self.scene, to: "scene.circles")
    let report = try await Executable.run(["check", "scene.circles"], in: folder.url)
    #expect(report.status == 0, "\(report)")
    #expect(report.stdout.contains("0003-remove-sun"))
    #expect(folder.files(in: "__snapshots__/scene").count == 4)
    let prune = try await Executable.run(["check", "scene.circles", "--prune"], in: folder.url)
    #expect(prune.status == 0, "\(prune)")
    #expect(folder.files(in: "__snapshots__/scene").count == 3)
  }

  @Test("a folder argument checks every script below it; JSON, JUnit and HTML reports are written")
  func folderAndReports() async throws {
    let folder = try await recordedFolder()
    try folder.write("add a at 3,3 radius 2\n", to: "more/dot.circles")
    _ = try await Executable.run(["check", "more/dot.circles", "--record"], in: folder.url)
    let outcome = try await Executable.run(
      ["check", ".", "--json", "--junit", "junit.xml", "--report", "report.html"], in: folder.url)
    #expect(outcome.status == 0, "\(outcome)")
    let json = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any]
    #expect((json?["scripts"] as? [Any])?.count == 2)
    let junit = try String(
      contentsOf: folder.url.appendingPathComponent("junit.xml"), encoding: .utf8)
    #expect(junit.hasPrefix("<?xml"))
    let html = try String(
      contentsOf: folder.url.appendingPathComponent("report.html"), encoding: .utf8)
    #expect(html.contains("data:image/png;base64,"))
  }

  @Test("--shard splits the scripts into disjoint shares")
  func shards() async throws {
    let folder = try TemporaryFolder()
    for name in ["a", "b", "c"] {
      try folder.write("add \(name) at 3,3 radius 2\n", to: "\(name).circles")
    }
    let first = try await Executable.run(["check", ".", "--shard", "1/2"], in: folder.url)
    let second = try await Executable.run(["check", ".", "--shard", "2/2"], in: folder.url)
    #expect(first.stdout.contains("a.circles") && first.stdout.contains("c.circles"))
    #expect(!first.stdout.contains("b.circles"))
    #expect(second.stdout.contains("b.circles") && !second.stdout.contains("a.circles"))
  }

  @Test("--durations balances the shares by earlier times; without --shard, or unreadable, exit 2")
  func durations() async throws {
    let folder = try TemporaryFolder()
    // One long script and three short ones: by count, 1/2 takes a and c; by time, a alone.
    try folder.write("repeat 400 as i {\n  add at (i % 50),3 r 2\n}\n", to: "a.circles")
    for name in ["b", "c", "d"] {
      try folder.write("add \(name) at 3,3 radius 2\n", to: "\(name).circles")
    }
    let timed = try await Executable.run(["check", ".", "--json"], in: folder.url)
    try folder.write(timed.stdout, to: "times.json")
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(timed.stdout.utf8)) as? [String: Any])
    let scripts = try #require(document["scripts"] as? [[String: Any]])
    #expect(scripts.allSatisfy { ($0["durationSeconds"] as? Double ?? -1) >= 0 }, "\(scripts)")
    let byCount = try await Executable.run(["check", ".", "--shard", "1/2"], in: folder.url)
    #expect(byCount.stdout.contains("a.circles") && byCount.stdout.contains("c.circles"))
    let first = try await Executable.run(
      ["check", ".", "--shard", "1/2", "--durations", "times.json"], in: folder.url)
    let second = try await Executable.run(
      ["check", ".", "--shard=2/2", "--durations=times.json"], in: folder.url)
    #expect(
      first.stdout.hasSuffix("checked 1 script, 401 frames: 0 passed, 401 missing\n"), "\(first)")
    #expect(second.stdout.contains("checked 3 scripts"), "\(second)")
    for name in ["b", "c", "d"] { #expect(second.stdout.contains("\(name).circles")) }
    let alone = try await Executable.run(
      ["check", ".", "--durations", "times.json"], in: folder.url)
    #expect(alone.status == 2)
    #expect(alone.stderr.hasPrefix("circles: error: --durations balances the shares of --shard"))
    let wrong = try await Executable.run(
      ["check", ".", "--shard", "1/2", "--durations", "a.circles"], in: folder.url)
    #expect(wrong.status == 2)
    #expect(
      wrong.stderr
        == "circles: error: cannot read the durations in 'a.circles': not the JSON report of "
        + "'circles check --json'\n", "\(wrong)")
  }

  @Test("where GITHUB_ACTIONS=true, each failure is also a workflow command at its line")
  func annotations() async throws {
    let folder = try TemporaryFolder()
    try folder.write("add sun at 3,3 radius 2\nadd sea at 5,5 r 2 fill blue\n", to: "a.circles")
    try folder.write("add x at 3,3 radius 2\nremove y\n", to: "b,c.circles")
    _ = try await Executable.run(["check", "a.circles", "--record"], in: folder.url)
    try folder.write("add sun at 3,3 radius 2\nadd sea at 5,5 r 2 fill teal\n", to: "a.circles")
    let github = ["GITHUB_ACTIONS": "true"]
    let text = try await Executable.run(
      ["check", "a.circles", "b,c.circles"], in: folder.url, environment: github)
    #expect(text.status == 2)
    let commands = text.stdout.split(separator: "\n").filter { $0.hasPrefix("::") }
    #expect(commands.count == 2, "\(text)")
    #expect(
      commands.first?.hasPrefix(
        "::error file=a.circles,line=2,col=1,title=0002-add-sea::0002-add-sea: ") == true,
      "\(commands)")
    #expect(commands.first?.contains("%25), first at") == true, "\(commands)")
    #expect(
      commands.last
        == "::error file=b%2Cc.circles,line=2,col=8,title=script error::no circle named 'y'; did you mean 'x'?"
    )
    let json = try await Executable.run(
      ["check", "a.circles", "--json"], in: folder.url, environment: github)
    #expect((try? JSONSerialization.jsonObject(with: Data(json.stdout.utf8))) != nil, "\(json)")
    #expect(json.stderr.split(separator: "\n").filter { $0.hasPrefix("::error ") }.count == 1)
    let none = try await Executable.run(
      ["check", "a.circles", "--annotations", "none"], in: folder.url, environment: github)
    #expect(!none.stdout.contains("::error"), "\(none)")
    let asked = try await Executable.run(
      ["check", "a.circles", "--annotations", "github"], in: folder.url)
    #expect(asked.stdout.contains("::error file=a.circles,line=2"), "\(asked)")
    let quiet = try await Executable.run(["check", "a.circles"], in: folder.url)
    #expect(!quiet.stdout.contains("::error"), "\(quiet)")
  }

  @Test("a script with an error is reported as a compiler does and exits 2")
  func scriptError() async throws {
    let folder = try TemporaryFolder()
    try folder.write("add a at 3,3 radius -1\n", to: "bad.circles")
    let outcome = try await Executable.run(["check", "bad.circles"], in: folder.url)
    #expect(outcome.status == 2)
    #expect(outcome.stderr.hasPrefix("bad.circles:1:"), "\(outcome)")
  }

  // The mistakes on check's and diff's command lines are pinned in CommandUsageErrorTests.
  @Test("a path that does not exist is an error, exit 2")
  func missingPath() async throws {
    try await AssertExecuteCommand(
      ["check", "nowhere"],
      stderr: "circles: error: cannot read 'nowhere': no such file or folder\n", exitCode: 2)
  }

  @Test("diff: equal images exit 0, different ones exit 1 and write a diff; non-PNGs exit 2")
  func diff() async throws {
    let folder = try await recordedFolder()
    let golden = "__snapshots__/scene/"
    let same = try await Executable.run(
      ["diff", golden + "0001-add-sun.png", golden + "0001-add-sun.png"], in: folder.url)
    #expect(same.status == 0, "\(same)")
    let different = try await Executable.run(
      ["diff", golden + "0001-add-sun.png", golden + "0002-add-sea.png", "-o", "d.png"],
      in: folder.url)
    #expect(different.status == 1, "\(different)")
    #expect(different.stdout.contains("pixels differ"), "\(different)")
    #expect(different.stdout.contains("scene: sea added"), "\(different)")
    let diffImage = try PNGCodec.decode(
      Data(contentsOf: folder.url.appendingPathComponent("d.png")))
    #expect(diffImage.width == 40 && diffImage.height == 30)
    try folder.write("not a png", to: "fake.png")
    let bad = try await Executable.run(
      ["diff", "fake.png", golden + "0001-add-sun.png"], in: folder.url)
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("not a PNG"), "\(bad)")
    let missing = try await Executable.run(["diff", "missing.png", "fake.png"], in: folder.url)
    #expect(missing.status == 2, "\(missing)")
    #expect(missing.stdout.isEmpty, "\(missing)")
    #expect(missing.stderr == "circles: error: cannot read 'missing.png': no such file or folder\n")
    let folderGiven = try await Executable.run(["diff", golden, "fake.png"], in: folder.url)
    #expect(folderGiven.status == 2, "\(folderGiven)")
    #expect(folderGiven.stderr == "circles: error: cannot read '\(golden)': is a folder\n")
  }

  @Test("a check that passes leaves no empty artifacts folder of its script behind")
  func noEmptyArtifactsFolder() async throws {
    let folder = try await recordedFolder()
    try folder.write(
      Self.scene.replacingOccurrences(of: "gold", with: "tomato"), to: "scene.circles")
    let failing = try await Executable.run(["check", "scene.circles"], in: folder.url)
    #expect(failing.status == 1, "\(failing)")
    #expect(!folder.files(in: ".circles-artifacts/scene").isEmpty)
    try folder.write("a note of mine", to: ".circles-artifacts/mine.txt")
    let accepted = try await Executable.run(
      ["check", "scene.circles", "--record", "failed"], in: folder.url)
    #expect(accepted.status == 0, "\(accepted)")
    #expect(folder.allFiles(in: ".circles-artifacts") == ["mine.txt"], "the script's folder went")
    #expect(try await Executable.run(["check", "scene.circles"], in: folder.url).status == 0)
    #expect(folder.allFiles(in: ".circles-artifacts") == ["mine.txt"])
  }

  @Test("a check's artifacts folder holds its own failures only: those of frames gone since go")
  func leftoverArtifacts() async throws {
    let folder = try await recordedFolder()
    let failing = Self.scene.replacingOccurrences(of: "gold", with: "tomato")
    try folder.write(failing + "\nmove sun to 12,12", to: "scene.circles")
    let first = try await Executable.run(
      ["check", "scene.circles", "--record", "none"], in: folder.url)
    #expect(first.status == 1, "\(first)")
    #expect(folder.files(in: ".circles-artifacts/scene").contains("0003-move-sun.actual.png"))
    try folder.write("mine", to: ".circles-artifacts/scene/notes.diff.txt")
    // The move is gone and the colour is back: every frame passes, nothing of the failure stays.
    try folder.write(Self.scene, to: "scene.circles")
    let green = try await Executable.run(["check", "scene.circles"], in: folder.url)
    #expect(green.status == 0, "\(green)")
    #expect(folder.allFiles(in: ".circles-artifacts") == ["scene"])
    #expect(folder.allFiles(in: ".circles-artifacts/scene") == ["notes.diff.txt"])
    // One more failing check: a frame that fails still has its artifacts.
    try folder.write(failing, to: "scene.circles")
    let again = try await Executable.run(["check", "scene.circles"], in: folder.url)
    #expect(again.status == 1, "\(again)")
    #expect(folder.files(in: ".circles-artifacts/scene").contains("0001-add-sun.actual.png"))
  }

  /// What `CI` means, as docs/cli.md says: set to anything but empty, `0` or `false` (case
  /// aside), a check writes nothing it was not asked to; otherwise it records missing goldens.
  @Test(
    "CI set to anything but empty, 0 or false means CI; those three, or unset, a person's machine",
    arguments: [
      (nil, false), ("", false), ("0", false), ("false", false), ("FALSE", false),
      ("true", true), ("1", true), ("yes", true), ("no", true), ("github", true),
    ] as [(String?, Bool)])
  func whatCIMeans(value: String?, isCI: Bool) async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.scene, to: "scene.circles")
    // Exactly this environment: the test runner's own CI variable does not reach it.
    var environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
    environment["CI"] = value
    let outcome = try await Executable.run(
      program: try Executable.url, ["check", "scene.circles"], in: folder.url,
      environment: environment)
    #expect(outcome.status == 1, "\(outcome)")
    #expect(
      folder.files(in: "__snapshots__/scene").isEmpty == isCI,
      "CI=\(value ?? "unset"): \(outcome)")
  }
}
