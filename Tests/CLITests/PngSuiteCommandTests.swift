import CirclesTestSupport
import Foundation
import Testing

/// PngSuite's 14 corrupt files through every command that reads PNG files: each is refused with
/// exit 2 and a message naming it, also where its bytes equal those it is compared with.
@Suite("PngSuite's corrupt files, end to end")
struct PngSuiteCommandTests {
  static let valid = "basn0g08.png"

  /// A folder holding the corrupt file as `bad.png` and a valid one as `good.png`.
  static func folder(_ name: String) throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try PngSuite.data(name).write(to: folder.url.appendingPathComponent("bad.png"))
    try PngSuite.data(Self.valid).write(to: folder.url.appendingPathComponent("good.png"))
    return folder
  }

  @Test("circles diff refuses it on either side, and against itself", arguments: PngSuite.corrupt)
  func diff(name: String) async throws {
    let folder = try Self.folder(name)
    var reasons: Set<String> = []
    for pair in [["bad.png", "bad.png"], ["bad.png", "good.png"], ["good.png", "bad.png"]] {
      let outcome = try await Executable.run(["diff"] + pair, in: folder.url)
      #expect(outcome.status == 2, "\(name) \(pair): \(outcome)")
      #expect(outcome.stderr.hasPrefix("circles: error: cannot read 'bad.png': "), "\(outcome)")
      #expect(outcome.stdout == "")
      reasons.insert(outcome.stderr)
    }
    #expect(reasons.count == 1, "one file, one reason, whatever it is compared with: \(reasons)")
  }

  @Test("circles check refuses it as a golden, naming it", arguments: PngSuite.corrupt)
  func golden(name: String) async throws {
    let folder = try TemporaryFolder()
    try folder.write("canvas 32x32\n", to: "scene.circles")
    #expect(
      try await Executable.run(["check", "scene.circles", "--record"], in: folder.url).status == 0)
    let golden = "__snapshots__/scene/0000-start.png"
    try PngSuite.data(name).write(to: folder.url.appendingPathComponent(golden))
    let outcome = try await Executable.run(["check", "scene.circles"], in: folder.url)
    #expect(outcome.status == 2, "\(name): \(outcome)")
    #expect(outcome.stderr.contains("golden '\(golden)' is damaged: "), "\(name): \(outcome)")
    #expect(try Data(contentsOf: folder.url.appendingPathComponent(golden)) == PngSuite.data(name))
    // The suggested command replaces it, and CI passes after.
    let accepted = try await Executable.run(
      ["check", "scene.circles", "--record", "failed"], in: folder.url)
    #expect(accepted.status == 0, "\(name): \(accepted)")
    #expect(try await Executable.run(["check", "scene.circles"], in: folder.url).status == 0)
  }

  @Test(
    "circles compare refuses it in both folders and in the actual one alone",
    arguments: PngSuite.corrupt)
  func compare(name: String) async throws {
    let folder = try TemporaryFolder()
    for (path, source) in [
      ("base/same.png", name), ("shots/same.png", name), ("shots/new.png", name),
      ("base/ok.png", Self.valid), ("shots/ok.png", Self.valid),
    ] {
      try folder.write("", to: path)
      try PngSuite.data(source).write(to: folder.url.appendingPathComponent(path))
    }
    for update in [false, true] {
      let outcome = try await Executable.run(
        ["compare", "base", "shots"] + (update ? ["--update"] : []), in: folder.url)
      #expect(outcome.status == 2, "\(name): \(outcome)")
      #expect(
        outcome.stdout.contains("ERROR   new.png: cannot read 'shots/new.png': "), "\(outcome)")
      #expect(
        outcome.stdout.contains("ERROR   same.png: cannot read 'base/same.png': "), "\(outcome)")
      #expect(!outcome.stdout.contains("to accept"), "no command mends a damaged file: \(outcome)")
      // The same reason for the file alone as for the file beside its copy.
      let reasons = ["shots/new.png", "base/same.png"].map { path in
        outcome.stdout.split(separator: "\n").first { $0.contains("cannot read '\(path)': ") }
          .map { $0.components(separatedBy: "'\(path)': ").last ?? "" }
      }
      #expect(reasons[0] != nil && reasons[0] == reasons[1], "\(name): \(outcome)")
    }
    #expect(!FileManager.default.fileExists(atPath: folder.url.path + "/base/new.png"))
  }
}
