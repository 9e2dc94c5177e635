import CircleEngine
import CircleRender
import CirclesKit
import CirclesTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The built binary facing bad scripts, bad folders and full disks: a clear message, exit code 2,
/// no trap, and no half-written or temporary file left where frames go.
@Suite("The binary under faults")
struct CLIFaultTests {
  /// A script with many frames that are not tiny, to fill a small disk.
  static let busyScript =
    "canvas 300x200 background #102030\n"
    + (0..<60).map { index in
      let fill = String(format: "#%02x8040", index * 4)
      return
        "add at \(index * 5),\(index * 3 % 200) r \(10 + index) fill \(fill) stroke white width 3"
    }.joined(separator: "\n") + "\n"

  /// Every PNG that does not start with `.` decodes; no temporary file is left (the hidden
  /// files are `circles run`'s manifest and lock file only).
  static func expectOnlyWholeFrames(in folder: URL) throws {
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
      .filter { !TemporaryFolder.bookkeeping.contains($0) }
    for name in names where !name.hasPrefix(".") {
      #expect(name.hasSuffix(".png"), "\(name)")
      #expect(throws: Never.self, "\(name) does not decode") {
        _ = try PNGCodec.decode(try Data(contentsOf: folder.appendingPathComponent(name)))
      }
    }
    #expect(names.filter { $0.hasPrefix(".") }.isEmpty, "temporary files left: \(names)")
  }

  @Test(
    "a full or read-only output folder stops the run with the reason",
    arguments: [
      SmallDisk.Kind.full, .readOnly,
    ])
  func unwritableOutput(kind: SmallDisk.Kind) async throws {
    guard let disk = SmallDisk(kind) ?? SmallDisk(.readOnly) else {
      Issue.record("no way to make an unwritable folder here")
      return
    }
    let folder = try TemporaryFolder()
    try folder.write(Self.busyScript, to: "busy.circles")
    let outcome = try await Executable.run(
      ["run", "busy.circles", "-o", disk.url.path], in: folder.url)
    #expect(outcome.status == 2, "\(outcome)")
    let reasons = ["no space left on device", "read-only file system", "permission denied"]
    #expect(reasons.contains { outcome.stderr.contains($0) }, "\(outcome)")
    if outcome.stderr.contains("no space left on device") {
      // Frames fill the disk: the error is at the command whose frame did not fit.
      #expect(outcome.stderr.hasPrefix("busy.circles:"), "\(outcome)")
    } else {
      // Nothing can be written, not even the folder's lock file: refused before the script runs.
      #expect(
        outcome.stderr.hasPrefix("circles: error: cannot write '\(disk.url.path)/.circles-lock': "),
        "\(outcome)")
      #expect(outcome.stdout == "", "\(outcome)")
    }
    #expect(!outcome.stderr.contains("Fatal error"), "\(outcome)")
    try Self.expectOnlyWholeFrames(in: disk.url)
  }

  @Test("a disk that fills midway through a run stops it with the reason, leaving whole frames")
  func diskFillsMidway() throws {
    guard let disk = SmallDisk(.full, bytes: 96 << 10) else {
      // Without root no small file system can be mounted; a read-only folder fails at the
      // first frame, before any frame is written.
      #expect(geteuid() != 0, "root could not mount a small file system")
      return
    }
    let result = try ScriptRunner.run(
      ScriptSource(bytes: Array(Self.busyScript.utf8), fileName: "busy.circles"),
      outputDirectory: disk.url)
    let failure = try #require(result.failure)
    #expect(failure.diagnostic.message.contains("no space left on device"), "\(failure)")
    #expect(result.frames.count > 1, "some frames fit before the disk filled")
    for frame in result.frames {
      #expect(try PNGCodec.decode(Data(contentsOf: frame.url)).width == 300, "\(frame.name)")
    }
    try Self.expectOnlyWholeFrames(in: disk.url)
  }

  @Test("reports and goldens that cannot be written are errors, not crashes")
  func unwritableReportsAndGoldens() async throws {
    guard let disk = SmallDisk(.readOnly) else {
      Issue.record("no way to make an unwritable folder here")
      return
    }
    let folder = try TemporaryFolder()
    try folder.write("add at 5,5 r 4\n", to: "dot.circles")
    let report = try await Executable.run(
      ["check", "dot.circles", "--record", "--report", disk.url.path + "/r.html"], in: folder.url)
    #expect(report.status == 2, "\(report)")
    #expect(report.stderr.contains("report"), "\(report)")
    let record = try await Executable.run(
      ["check", "dot.circles", "--record", "--golden", disk.url.path], in: folder.url)
    #expect(record.status != 0, "\(record)")
    #expect(!record.stderr.isEmpty || !record.stdout.isEmpty)
    #expect(!record.stderr.contains("Fatal error"), "\(record)")
  }

  @Test(
    "bad paths are usage errors with the reason",
    arguments: [
      (["run", "missing.circles"], "missing.circles"),
      (["run", "folder"], "folder"),
      (["run", "dot.circles", "-o", "file.txt"], "not a folder"),
      (["run", "dot.circles", "-o", "file.txt/inside"], "not a folder"),
      (["check", "missing.circles"], "missing.circles"),
    ])
  func badPaths(arguments: [String], mention: String) async throws {
    let folder = try TemporaryFolder()
    try folder.write("add at 5,5 r 4\n", to: "dot.circles")
    try folder.write("not a folder", to: "file.txt")
    try folder.write("", to: "folder/.keep")
    let outcome = try await Executable.run(arguments, in: folder.url)
    #expect(outcome.status == 2, "\(outcome)")
    #expect(outcome.stderr.contains(mention), "\(outcome)")
    #expect(
      try Data(contentsOf: folder.url.appendingPathComponent("file.txt"))
        == Data("not a folder".utf8))
  }

  @Test(
    "bad scripts through the binary: a located error and exit code 2",
    arguments: [
      ("add at 1,1 radius nan\n", "bad.circles:1:19: error: "),
      ("add a at 1,1 r 1\nundo 99999999999999999999\n", "bad.circles:2:6: error: "),
      ("canvas 16385x10\n", "bad.circles:1:8: error: "),
      ("canvas 100x100 scale inf\n", "bad.circles:1:22: error: "),
      (SizeLimitTests.nested(101), "bad.circles:101:1: error: "),
    ])
  func badScripts(source: String, prefix: String) async throws {
    let folder = try TemporaryFolder()
    try folder.write(source, to: "bad.circles")
    let outcome = try await Executable.run(["run", "bad.circles", "-o", "out"], in: folder.url)
    #expect(outcome.status == 2, "\(outcome)")
    #expect(outcome.stderr.hasPrefix(prefix), "\(outcome)")
    #expect(folder.files(in: "out").isEmpty, "a script with an error in it still wrote frames")
  }

  @Test("bytes that are not UTF-8 are an error at the bytes")
  func invalidUTF8() async throws {
    let folder = try TemporaryFolder()
    let bytes: [UInt8] =
      Array("add a at 1,1 r 1\nadd ".utf8) + [0xFF, 0xFE] + Array(" at 1,1 r 1\n".utf8)
    try Data(bytes).write(to: folder.url.appendingPathComponent("bad.circles"))
    let outcome = try await Executable.run(["run", "bad.circles", "-o", "out"], in: folder.url)
    #expect(outcome.status == 2, "\(outcome)")
    #expect(outcome.stderr.hasPrefix("bad.circles:2:5: error: "), "\(outcome)")
  }
}
