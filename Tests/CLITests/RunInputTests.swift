import CirclesTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What `circles run` is given as its script: only a regular file (or standard input) of at
/// most 64 MiB is read; anything else is refused at once with the reason.
@Suite("What circles run reads as a script")
struct RunInputTests {
  /// A folder with a named pipe, a folder, and a sparse file of 3 GiB.
  static func workspace() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    #expect(mkfifo(folder.url.appendingPathComponent("fifo").path, 0o644) == 0)
    try folder.write("", to: "folder/.keep")
    let huge = folder.url.appendingPathComponent("huge.circles")
    _ = FileManager.default.createFile(atPath: huge.path, contents: nil)
    let handle = try FileHandle(forWritingTo: huge)
    try handle.truncate(atOffset: 3 << 30)
    try handle.close()
    return folder
  }

  @Test(
    "files that are not scripts are refused with the reason, at once, exit 2",
    arguments: [
      (
        "fifo",
        "is a named pipe, not a script file; to run what a program writes, pipe it into "
          + "'circles run -'"
      ),
      ("/dev/zero", "is a device, not a script file"),
      ("folder", "is a folder, not a script"),
      ("huge.circles", "is too large for a script: 3072.0 MiB, at most 64 MiB"),
      ("missing.circles", "no such file or folder"),
    ])
  func refused(path: String, reason: String) async throws {
    let folder = try Self.workspace()
    let outcome = try await Executable.run(["run", path, "-o", "out"], in: folder.url)
    #expect(outcome.status == 2, "\(outcome)")
    #expect(outcome.stdout == "")
    #expect(outcome.stderr == "circles: error: cannot read '\(path)': \(reason)\n")
    #expect(folder.allFiles(in: "out") == [])
  }

  @Test(
    "circles check reads its scripts as run does: the same refusals, at once, exit 2",
    arguments: [
      (
        "fifo",
        "is a named pipe, not a script file; to run what a program writes, pipe it into "
          + "'circles run -'"
      ),
      ("/dev/zero", "is a device, not a script file"),
      ("huge.circles", "is too large for a script: 3072.0 MiB, at most 64 MiB"),
    ])
  func refusedByCheck(path: String, reason: String) async throws {
    let folder = try Self.workspace()
    let outcome = try await Executable.run(["check", path], in: folder.url)
    #expect(outcome.status == 2, "\(outcome)")
    #expect(outcome.stderr == "circles: error: cannot read '\(path)': \(reason)\n")
    #expect(outcome.stdout.contains("ERROR \(path): 1 error; no frame checked"), "\(outcome)")
    #expect(folder.allFiles(in: "__snapshots__") == [])
  }

  @Test("standard input past 64 MiB is refused without being held whole")
  func largeStandardInput() async throws {
    let folder = try Self.workspace()
    let outcome = try await Executable.start(
      ["run", "-", "-o", "out"], in: folder.url,
      inputFile: folder.url.appendingPathComponent("huge.circles")
    ).outcome()
    let stderr = outcome.stderr
    #expect(outcome.status == 2)
    #expect(
      stderr == "circles: error: cannot read '<stdin>': is too large for a script: at most 64 MiB\n"
    )
    #expect(folder.allFiles(in: "out") == [])
  }
}
