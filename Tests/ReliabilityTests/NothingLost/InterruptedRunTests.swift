import CirclesTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `circles run --watch` stopped with Ctrl-C (SIGINT) while it writes a frame: it ends on the
/// signal, and the frame's temporary file is gone.
///
/// The moment is caught, not hoped for: the folder is watched until a temporary file appears,
/// the process is frozen (SIGSTOP) while the file is still there, SIGINT is sent, and the
/// process is let go (SIGCONT), so the signal lands while the write is under way.
@Suite("Watches stopped with Ctrl-C")
struct InterruptedRunTests {
  /// Large, busy frames, so that each write takes a moment.
  static let script: String = {
    var lines = ["canvas 1600x1200 background #102030"]
    for index in 0..<400 {
      let fill = String(format: "#%02x%02xc8", index * 7 % 256, index * 13 % 256)
      lines.append(
        "add at \(index * 37 % 1600),\(index * 23 % 1200) r \(8 + index % 40) fill \(fill) "
          + "stroke black width 2")
    }
    return lines.joined(separator: "\n") + "\n"
  }()

  /// The temporary files in a folder.
  static func temporaryFiles(in folder: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
      .filter { $0.hasSuffix(".tmp") }
  }

  /// Freezes the process while a temporary file of it is in the folder; false if none was
  /// caught before the deadline.
  static func freezeMidWrite(_ process: RunningProgram, folder: URL) -> Bool {
    let deadline = Date().addingTimeInterval(120)
    while process.isRunning, Date() < deadline {
      guard !temporaryFiles(in: folder).isEmpty else { continue }
      kill(process.processIdentifier, SIGSTOP)
      if !temporaryFiles(in: folder).isEmpty { return true }
      kill(process.processIdentifier, SIGCONT)
    }
    return false
  }

  /// Runs `circles` with `arguments` on `busy.circles` in a new folder, sends SIGINT while a
  /// write into `watched` (below the folder) is under way, and checks that the process ended
  /// on the signal with no temporary file left there.
  static func interruptMidWrite(_ arguments: [String], watching watched: String) async throws {
    let folder = try TemporaryFolder()
    try folder.write(Self.script, to: "busy.circles")
    let out = folder.url.appendingPathComponent(watched)
    // The folder is watched from a thread of its own: the loop must not sleep, lest it miss
    // the write, and must not hold a thread of the tests' pool. On a busy machine the watcher
    // may miss every write of a run; the run is then made again, up to five times.
    var caught: RunningProgram?
    for _ in 0..<5 where caught == nil {
      let process = try Executable.start(arguments, in: folder.url)
      if await onThreadOfItsOwn({ Self.freezeMidWrite(process, folder: out) }) {
        caught = process
      } else {
        // Frames already written are not written again: the next run starts from none.
        await process.stop()
        try? FileManager.default.removeItem(at: out)
      }
    }
    let process = try #require(caught, "no write was caught under way in five runs")
    defer { process.signal(SIGKILL) }
    kill(process.processIdentifier, SIGINT)
    kill(process.processIdentifier, SIGCONT)
    let ended = try #require(
      await process.outcome(within: .seconds(60)), "circles did not end on SIGINT")
    #expect(ended.signalled)
    #expect(ended.status == SIGINT)
    #expect(Self.temporaryFiles(in: out) == [])
  }

  @Test(
    "SIGINT during the write of a frame ends the watch and leaves no temporary file",
    arguments: 0..<3)
  func interruptMidWrite(attempt: Int) async throws {
    try await Self.interruptMidWrite(
      ["run", "busy.circles", "--watch", "-o", "out"], watching: "out")
  }
}
