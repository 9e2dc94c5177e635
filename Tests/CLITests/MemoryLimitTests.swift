import CirclesTestSupport
import Foundation
import Testing

/// `circles run` and `circles check` in an address space too small to encode their frames: the
/// 8000×8000 picture is drawn (256 MB), but its PNG scanlines (192 MB) cannot be had within
/// 512 MiB. The encoder's shortage is an error at the command, exit 2, never a trap.
///
/// A binary built with a sanitizer reserves terabytes of address space and cannot start under
/// `ulimit -v`, so `scripts/test-sanitizers` leaves these tests (and `circles diff`'s) to the
/// plain suite.
@Suite("Frames too large for the memory left")
struct MemoryLimitTests {
  static let script = "canvas 8000x8000\nadd a at 100,100 r 50 fill red\n"

  static let error = """
    big.circles:2:1: error: cannot write frame '0000-start': not enough memory to encode a \
    8000×8000 PNG file
    add a at 100,100 r 50 fill red
    ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

    """

  @Test(
    "an allocation the encoder cannot make is a located error with exit 2",
    arguments: [
      (["run", "big.circles", "-o", "out"], ""),
      (["check", "big.circles"], "checked 0 scripts, 0 frames: 0 passed\n"),
    ])
  func encoderShortage(arguments: [String], stdout: String) async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.script, to: "big.circles")
    let outcome = try await DiffCommandTests.run(limitedTo: 512 << 10, arguments, in: folder.url)
    #expect(outcome.status == 2, "\(outcome)")
    #expect(outcome.stdout == stdout, "\(outcome)")
    #expect(outcome.stderr == Self.error, "\(outcome)")
    #expect(!folder.allFiles(in: ".").contains { $0.hasSuffix(".png") || $0.hasSuffix(".tmp") })
  }

  /// Fifteen small frames: enough for the frames after the first to be encoded and written
  /// beside the drawing.
  static let wheel = """
    canvas 200x200
    repeat 12 as i {
      add at (100 + 60 * cos(i * 30)),(100 + 60 * sin(i * 30)) r 10 fill hsl(i * 30, 80, 50)
    }
    undo 2
    redo

    """

  @Test(
    "in an address space with no room for another thread's stack, a run still ends",
    arguments: [90_000, 100_000, 110_000])
  func noRoomForThreads(kilobytes: Int) async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.wheel, to: "wheel.circles")
    let outcome = try await DiffCommandTests.run(
      limitedTo: kilobytes, ["run", "wheel.circles", "-o", "out"], in: folder.url, within: 120)
    try #require(!outcome.hung, "\(outcome)")
    let files = folder.allFiles(in: "out")
    #expect(!files.contains { $0.hasSuffix(".tmp") }, "\(files)")
    if outcome.status == 0 {
      #expect(outcome.stdout.hasPrefix("15 frames written to out (11 circles, "), "\(outcome)")
      #expect(outcome.stderr == "", "\(outcome)")
      #expect(files.filter { !TemporaryFolder.bookkeeping.contains($0) }.count == 15, "\(files)")
    } else {
      // The frames the memory left no room for are an error at their command.
      #expect(outcome.status == 2, "\(outcome)")
      #expect(outcome.stdout == "", "\(outcome)")
      #expect(outcome.stderr.hasPrefix("wheel.circles:"), "\(outcome)")
      #expect(outcome.stderr.contains(": error: cannot write frame '"), "\(outcome)")
      #expect(outcome.stderr.contains("': not enough memory to "), "\(outcome)")
    }
  }

  @Test("in an address space with no room for another thread's stack, SIGTERM ends a watch")
  func stopsWithoutRoom() async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.wheel, to: "wheel.circles")
    let output = folder.url.appendingPathComponent("printed.txt").path
    let pid = try Spawn.start(
      URL(fileURLWithPath: "/bin/sh"),
      [
        "-c", "cd \"$1\" && ulimit -v 100000 && exec \"$0\" run wheel.circles -o out --watch",
        try Executable.url.path, folder.url.path,
      ], output: output)
    defer { kill(pid, SIGKILL) }
    var printed = ""
    _ = await eventually {
      printed = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
      return printed.contains(" frames in out: ")
    }
    try #require(
      printed.hasPrefix(
        "watching wheel.circles for changes; press Ctrl-C to stop\n"
          + "15 frames in out: 15 rewritten (11 circles, "), "\(printed)")
    kill(pid, SIGTERM)
    var status: Int32 = 0
    let ended = await eventually { waitpid(pid, &status, WNOHANG) == pid }
    try #require(ended, "still running a minute after SIGTERM")
    #expect(status & 0x7f == SIGTERM, "status \(status)")
    #expect(!folder.allFiles(in: "out").contains { $0.hasSuffix(".tmp") })
  }
}
