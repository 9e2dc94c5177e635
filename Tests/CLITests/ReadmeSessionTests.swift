import CirclesTestSupport
import Foundation
import Testing

/// README's first session, replayed with the built binary: its script, the edits its prose
/// describes, and each command of its console blocks, whose output must be what README shows
/// (standard error first, then standard output, as a terminal shows them; timings aside).
@Suite("README's first session prints what README shows")
struct ReadmeSessionTests {
  /// The code blocks of README's "A first session", in order: their info string and text.
  static func blocks() throws -> [(info: String, text: String)] {
    let readme = try String(
      contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let start = try #require(readme.range(of: "\n## A first session\n"))
    let end = try #require(readme.range(of: "\n## ", range: start.upperBound..<readme.endIndex))
    var blocks: [(info: String, text: String)] = []
    var open: (info: String, lines: [Substring])?
    for line in readme[start.upperBound..<end.lowerBound].split(
      separator: "\n", omittingEmptySubsequences: false)
    {
      if line.hasPrefix("```") {
        if let block = open {
          blocks.append((block.info, block.lines.map { $0 + "\n" }.joined()))
          open = nil
        } else {
          open = (String(line.dropFirst(3)), [])
        }
      } else {
        open?.lines.append(line)
      }
    }
    return blocks
  }

  /// Timings differ from run to run: `(2 circles, 0.01 s)` loses its figure.
  static func withoutTimings(_ text: String) -> String {
    text.replacing(/, [0-9]+\.[0-9]+ s\)/, with: ", … s)")
  }

  /// A console block as its commands (the `$ ` lines), each with the text shown after it.
  static func steps(of console: String) -> [(command: String, shown: String)] {
    var steps: [(command: String, shown: String)] = []
    for line in console.split(separator: "\n") {
      if line.hasPrefix("$ ") {
        steps.append((String(line.dropFirst(2)), ""))
      } else if !steps.isEmpty {
        steps[steps.count - 1].shown += line + "\n"
      }
    }
    return steps
  }

  /// Runs each command of a console block in the folder and expects the text shown after it.
  static func replay(_ console: String, in folder: TemporaryFolder) async throws {
    var status: Int32 = 0
    for (command, shown) in steps(of: console) {
      let words = command.split(separator: " ").map(String.init)
      switch words.first {
      case "circles":
        // README's session is a person's, on their own machine: not in CI.
        let outcome = try await Executable.run(
          Array(words.dropFirst()), in: folder.url, environment: ["CI": ""])
        status = outcome.status
        #expect(
          withoutTimings(outcome.stderr + outcome.stdout) == withoutTimings(shown),
          "$ \(command)\n\(outcome)")
      case "echo" where words == ["echo", "$?"]:
        #expect(shown == "\(status)\n", "$ \(command)")
      case "ls":
        let hidden = words.contains("-A")
        let subfolder = try #require(words.last)
        let listed = hidden ? folder.allFiles(in: subfolder) : folder.files(in: subfolder)
        #expect(
          Set(listed.filter { hidden || !$0.hasPrefix(".") })
            == Set(shown.split(whereSeparator: \.isWhitespace).map(String.init)),
          "$ \(command)")
      default:
        Issue.record("README's first session runs a command this test does not know: \(command)")
      }
    }
  }

  /// Every golden of the session by name, with its bytes.
  static func goldens(in folder: TemporaryFolder) throws -> [String: Data] {
    var goldens: [String: Data] = [:]
    for name in folder.files(in: "__snapshots__/scene") {
      goldens[name] = try Data(
        contentsOf: folder.url.appendingPathComponent("__snapshots__/scene/" + name))
    }
    return goldens
  }

  @Test("the script, its edits and every command, end to end")
  func firstSession() async throws {
    let blocks = try Self.blocks()
    let consoles = blocks.filter { $0.info == "console" }.map(\.text)
    let scripts = blocks.filter { $0.info.isEmpty }.map(\.text)
    try #require(consoles.count == 6 && scripts.count == 2, "\(blocks)")
    let folder = try TemporaryFolder()
    var script = scripts[0]
    try folder.write(script, to: "scene.circles")
    try await Self.replay(consoles[0], in: folder)

    // "In CI … a missing golden fails and nothing is written."
    let unrecorded = try await Executable.run(["check", "scene.circles"], in: folder.url)
    #expect(unrecorded.status == 1, "\(unrecorded)")
    #expect(unrecorded.stdout.hasSuffix("0 passed, 4 missing\n"), "\(unrecorded)")
    #expect(folder.files(in: "__snapshots__") == [])
    try await Self.replay(consoles[1], in: folder)

    // "Make the hill darker".
    script = script.replacingOccurrences(of: "fill seagreen", with: "fill darkolivegreen")
    try folder.write(script, to: "scene.circles")
    try await Self.replay(consoles[2], in: folder)
    try await Self.replay(consoles[3], in: folder)

    // "two new lines 4 and 5".
    var lines = script.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    lines.insert(contentsOf: scripts[1].split(separator: "\n").map(String.init), at: 3)
    let withMoon = lines.joined(separator: "\n")
    try folder.write(withMoon, to: "scene.circles")
    try await Self.replay(consoles[4], in: folder)

    let withMoonGoldens = try Self.goldens(in: folder)

    // "Deleting the two lines again": a pass, moved and orphan goldens; renamed on your machine.
    try folder.write(script, to: "scene.circles")
    let back = try await Executable.run(["check", "scene.circles"], in: folder.url)
    #expect(back.status == 0, "\(back)")
    #expect(back.stdout.hasSuffix("2 passed, 2 moved, 2 orphan\n"), "\(back)")
    let local = try await Executable.run(
      ["check", "scene.circles"], in: folder.url, environment: ["CI": ""])
    #expect(local.status == 0, "\(local)")
    #expect(local.stdout.contains("golden renamed from 0004-add-hill.png"), "\(local)")

    // "Put the two lines back, and every frame passes again with the goldens it had."
    try folder.write(withMoon, to: "scene.circles")
    let restored = try await Executable.run(["check", "scene.circles"], in: folder.url)
    #expect(restored.status == 0, "\(restored)")
    #expect(restored.stdout.hasSuffix("4 passed, 2 moved\n"), "\(restored)")
    _ = try await Executable.run(
      ["check", "scene.circles"], in: folder.url, environment: ["CI": ""])
    #expect(try Self.goldens(in: folder) == withMoonGoldens)
    let again = try await Executable.run(["check", "scene.circles"], in: folder.url)
    #expect(again.stdout.hasSuffix("6 passed\n"), "\(again)")

    // Deleted once more, then "--update": renamed and pruned.
    try folder.write(script, to: "scene.circles")
    let update = try await Executable.run(["check", "scene.circles", "--update"], in: folder.url)
    #expect(update.stdout.hasSuffix("2 passed, 2 moved, 2 pruned\n"), "\(update)")

    // "Misspell the moon's colour".
    try folder.write(
      withMoon.replacingOccurrences(of: "fill white", with: "fill whte"), to: "scene.circles")
    try await Self.replay(consoles[5], in: folder)
  }
}
