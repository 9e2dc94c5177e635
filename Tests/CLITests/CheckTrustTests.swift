import CircleSnapshot
import CirclesTestSupport
import Foundation
import Testing

/// What `circles check` must never do with files from elsewhere: mix up two scripts' goldens,
/// print a file's control bytes to the terminal, lose a script or a golden to its name's bytes,
/// write failure images among goldens, or call an unwritable golden a failed check.
@Suite("circles check: files from elsewhere do no harm")
struct CheckTrustTests {
  static let dot = "canvas 20x20\nadd a at 5,5 r 3\n"

  @Test("scripts of one name in two folders get their own goldens and artifacts")
  func sameNameOwnFolders() async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.dot, to: "a/x.circles")
    try folder.write(Self.dot.replacingOccurrences(of: "5,5", with: "9,9"), to: "b/x.circles")
    let missing = try await Executable.run(["check", "a/x.circles", "b/x.circles"], in: folder.url)
    #expect(missing.status == 1)
    #expect(folder.files(in: ".circles-artifacts") == ["a", "b"])
    #expect(
      folder.files(in: ".circles-artifacts/a/x") == [
        "0000-start.actual.png", "0001-add-a.actual.png",
      ])
    #expect(try await Executable.run(["check", ".", "--record"], in: folder.url).status == 0)
    #expect(try await Executable.run(["check", "."], in: folder.url).status == 0)
    #expect(folder.files(in: "a/__snapshots__/x").count == 2)
    #expect(folder.files(in: "b/__snapshots__/x").count == 2)
  }

  @Test(
    "scripts of one name under one --golden are refused, naming both; nothing is touched",
    arguments: [["--record"], ["--prune"], ["--update"], []])
  func sameNameOneGoldenFolder(extra: [String]) async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.dot, to: "a/x.circles")
    try folder.write(Self.dot, to: "b/x.circles")
    #expect(
      try await Executable.run(
        ["check", "a/x.circles", "--golden", "g", "--record"], in: folder.url
      )
      .status == 0)
    try folder.write("keep", to: "g/x/0009-kept.png")
    let before = folder.files(in: "g/x")
    let outcome = try await Executable.run(
      ["check", "a/x.circles", "b/x.circles", "--golden", "g"] + extra, in: folder.url)
    #expect(outcome.status == 2)
    #expect(
      outcome.stderr == """
        circles: error: 'a/x.circles' and 'b/x.circles' would share the golden folder 'g/x'; \
        check them in separate runs, each with its own --golden

        """, "\(outcome)")
    #expect(outcome.stdout == "")
    #expect(folder.files(in: "g/x") == before)
  }

  @Test(
    "an artifacts folder inside a golden folder is refused, with or without --record",
    arguments: [["__snapshots__"], ["__snapshots__", "--record"], ["__snapshots__/more"]])
  func artifactsAmongGoldens(arguments: [String]) async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.dot, to: "scene.circles")
    let outcome = try await Executable.run(
      ["check", "scene.circles", "--artifacts"] + arguments, in: folder.url)
    #expect(outcome.status == 2)
    #expect(
      outcome.stderr == """
        circles: error: the artifacts folder '\(arguments[0])' is inside the golden folders \
        '__snapshots__' of 'scene.circles', where failure images would be taken for goldens; \
        choose another with --artifacts

        """, "\(outcome)")
    #expect(folder.files(in: ".") == ["scene.circles"])
  }

  @Test("an artifacts folder that is a symbolic link is refused: it could lead anywhere")
  func linkedArtifacts() async throws {
    let folder = try TemporaryFolder()
    let elsewhere = try TemporaryFolder()
    try folder.write(Self.dot, to: "scene.circles")
    try FileManager.default.createSymbolicLink(
      at: folder.url.appendingPathComponent(".circles-artifacts"), withDestinationURL: elsewhere.url
    )
    let outcome = try await Executable.run(["check", "scene.circles"], in: folder.url)
    #expect(outcome.status == 2)
    #expect(
      outcome.stderr == """
        circles: error: the artifacts folder '.circles-artifacts' is a symbolic link, which could \
        lead anywhere; give --artifacts a real folder

        """, "\(outcome)")
    #expect(elsewhere.files(in: ".") == [])
  }

  @Test("a golden that cannot be written is an error (exit 2), not a failed check")
  func unwritableGolden() async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.dot, to: "scene.circles")
    try folder.write("not a folder", to: "file.txt")
    let outcome = try await Executable.run(
      ["check", "scene.circles", "--golden", "file.txt", "--record"], in: folder.url)
    #expect(outcome.status == 2, "\(outcome)")
    #expect(
      outcome.stderr
        == "circles: error: goldens of 'scene.circles': cannot open 'file.txt': not a folder\n")
    #expect(
      try String(contentsOf: folder.url.appendingPathComponent("file.txt"), encoding: .utf8)
        == "not a folder")
  }

  @Test("a script whose name is not UTF-8 is checked; an orphan golden so named can be pruned")
  func rawNames() async throws {
    let folder = try TemporaryFolder()
    defer { folder.removeEverything() }
    let name: [UInt8] = Array("sc".utf8) + [0xFF]
    try folder.write(Data(Self.dot.utf8), toRawName: name + Array(".circles".utf8))
    let recorded = try await Executable.run(["check", ".", "--record"], in: folder.url)
    #expect(recorded.status == 0, "\(recorded)")
    #expect(
      recorded.stdout.hasPrefix("ok   sc\u{FFFD}.circles: 2 frames, 2 recorded\n"), "\(recorded)")
    #expect(
      folder.rawNames(inRaw: Array("__snapshots__".utf8)).contains(name),
      "the golden folder keeps the bytes")
    // An orphan whose name is not UTF-8, beside the goldens.
    let goldens = Array("__snapshots__/".utf8) + name
    try folder.write(Data(), toRawName: [0x6F, 0xFE] + Array(".png".utf8), inRaw: goldens)
    let pruned = try await Executable.run(["check", ".", "--prune"], in: folder.url)
    #expect(pruned.status == 0, "\(pruned)")
    #expect(
      pruned.stdout.contains("pruned  o\u{FFFD}: deleted golden without a frame"), "\(pruned)")
    #expect(
      folder.rawNames(inRaw: goldens) == [
        Array("0000-start.png".utf8), Array("0001-add-a.png".utf8),
      ])
  }

  @Test("circle ids and renderers from goldens, and orphan names, reach the terminal escaped")
  func escapedText() async throws {
    let folder = try TemporaryFolder()
    try folder.write("canvas 20x20\nadd a at 5,5 r 3\nadd b at 12,12 r 3\n", to: "scene.circles")
    #expect(
      try await Executable.run(["check", "scene.circles", "--record"], in: folder.url).status == 0)
    // A history whose circle id holds a terminal title sequence, a golden whose renderer
    // clears the screen, and an orphan whose name forges a report line.
    let history = folder.url.appendingPathComponent("__snapshots__/scene.history")
    let text = try String(contentsOf: history, encoding: .utf8)
    try text.replacingOccurrences(of: "\"id\":\"b\"", with: "\"id\":\"b\\u001b]0;pwned\\u0007\"")
      .write(to: history, atomically: true, encoding: .utf8)
    let golden = folder.url.appendingPathComponent("__snapshots__/scene/0002-add-b.png")
    try PNGTextChunks.inserting(
      [(GoldenMetadata.rendererKey, "cairo\u{1B}[2J")], into: Data(contentsOf: golden)
    ).write(to: golden)
    try folder.write("", to: "__snapshots__/scene/odd\u{1B}[31m\nok   all fine.png")
    try folder.write(
      "canvas 20x20\nadd a at 5,5 r 3\nadd b at 12,12 r 3 fill red\n", to: "scene.circles")
    for arguments in [["check", "scene.circles"], ["check", "scene.circles", "--json"]] {
      let outcome = try await Executable.run(arguments, in: folder.url)
      #expect(outcome.status == 1)
      for byte in Array(outcome.stdout.utf8) + Array(outcome.stderr.utf8) {
        #expect(byte >= 0x20 || byte == 0x0A, "byte \(byte) reached the terminal: \(outcome)")
      }
      if arguments.count == 2 {
        #expect(outcome.stdout.contains("    scene:  b␛]0;pwned␇ removed"), "\(outcome)")
        #expect(outcome.stdout.contains("the golden was rendered with cairo␛[2J"), "\(outcome)")
        #expect(outcome.stdout.contains("  orphan  odd␛[31m␊ok   all fine: "), "\(outcome)")
      }
    }
  }
}

/// Two checks started at once in one folder, of scripts that share a file name.
@Suite("checks run at once keep their artifacts apart")
struct ConcurrentCheckArtifactsTests {
  @Test(
    "x/s.circles and y/s.circles recorded at once each record their own pictures",
    .timeLimit(.minutes(5)))
  func sameNameAtOnce() async throws {
    let folder = try TemporaryFolder()
    // Many frames, so the two runs overlap; each script its own colour.
    for (name, colour) in [("x", "red"), ("y", "blue")] {
      try folder.write(
        "canvas 64x64\nadd a at 32,32 r 20 fill \(colour)\nrepeat 150 as i {\n"
          + "  move a to (10 + i % 40),32\n}\n", to: "\(name)/s.circles")
    }
    let binary = try Executable.url.path
    let shell = URL(fileURLWithPath: "/bin/sh")
    let pids = try ["x", "y"].map { name in
      try Spawn.start(
        shell,
        [
          "-c", "cd \"$0\" && exec \"$1\" check \(name)/s.circles --record all", folder.url.path,
          binary,
        ],
        output: folder.url.appendingPathComponent("\(name).log").path)
    }
    var statuses: [Int32] = []
    for pid in pids { statuses.append(await Spawn.end(of: pid)) }
    let logs = try folder.read("x.log") + folder.read("y.log")
    #expect(statuses == [0, 0], "\(logs)")
    // Each script's goldens are its own pictures: each checks against them with no failure.
    for name in ["x", "y"] {
      let check = try await Executable.run(["check", "\(name)/s.circles"], in: folder.url)
      #expect(check.status == 0, "\(name): \(check)")
    }
  }
}
